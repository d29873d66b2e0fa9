import { useLibrary } from '../../app/library';

/**
 * An image block (`{type:'image', attachment:{attachmentId, mediaType}}`) shown from the open
 * export ZIP's media as a blob: URL; a labelled placeholder when the archive does not hold it.
 */
export function AttachmentImage({ block }: { block: Record<string, unknown> }) {
  const att = (block.attachment && typeof block.attachment === 'object' ? block.attachment : block) as Record<string, unknown>;
  const id = typeof att.attachmentId === 'string' ? att.attachmentId : undefined;
  const mediaType = typeof att.mediaType === 'string' ? att.mediaType : typeof block.mediaType === 'string' ? block.mediaType : '';
  const url = useLibrary((s) => (id !== undefined ? s.media.get(id) : undefined));
  if (!url) return <div className="block label">[image {mediaType || id || ''}{id ? ' · not in this file' : ''}]</div>;
  return (
    <figure className="block attachment">
      <img src={url} alt={`Attached image ${id}`} loading="lazy" />
      <figcaption className="label mono">{mediaType} · {id}</figcaption>
    </figure>
  );
}
