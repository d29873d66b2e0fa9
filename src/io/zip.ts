import { unzipSync } from 'fflate';
import { SessionError } from '../core/errors';

/** Largest uncompressed entry we inflate; a larger claim is refused before any allocation. */
export const MAX_ENTRY_BYTES = 1536 * 2 ** 20;

export interface ExportSession {
  /** Entry name as stored (display only: names are never used as paths). */
  readonly entry: string;
  /** `root` for `session.jsonl`; otherwise the sanitized id folder under `subagents/`. */
  readonly key: string;
  readonly bytes: Uint8Array;
}

export interface ExportArchive {
  readonly root?: ExportSession;
  readonly children: readonly ExportSession[];
  /** Images by attachment id (`sha256:<hex>`), from `media/<attachmentId>.<ext>`. */
  readonly media: ReadonlyMap<string, { readonly mediaType: string; readonly bytes: Uint8Array }>;
  /** Entries that match no part of the export layout (listed, never opened). */
  readonly ignored: readonly string[];
}

const MEDIA_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
const CHILD = /^subagents\/([^/]+)\/session\.jsonl$/;
const MEDIA = /^media\/([^/]+)\.(png|jpe?g|webp|gif)$/;

/**
 * DSH's export ZIP (persistence.md §7): `session.jsonl` at the root, `subagents/<id>/session.jsonl`
 * per descendant, `media/<attachmentId>.<ext>`. Entry names are matched as text only, so a
 * traversal name such as `../x` can never be opened or written; oversized claims are refused.
 */
export function readExportZip(bytes: Uint8Array): ExportArchive {
  const ignored: string[] = [];
  let tooBig: string | undefined;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        const wanted = f.name === 'session.jsonl' || CHILD.test(f.name) || MEDIA.test(f.name);
        if (!wanted) { ignored.push(f.name); return false; }
        if (f.originalSize > MAX_ENTRY_BYTES || f.size > MAX_ENTRY_BYTES) { tooBig ??= f.name; return false; }
        return true;
      },
    });
  } catch (err) {
    throw new SessionError('zip-corrupt', `The ZIP archive cannot be read (${err instanceof Error ? err.message : 'unknown error'}).`);
  }
  if (tooBig !== undefined) {
    throw new SessionError('zip-too-large', `ZIP entry ${JSON.stringify(tooBig)} claims more than ${MAX_ENTRY_BYTES / 2 ** 20} MiB uncompressed, more than this viewer will inflate.`);
  }
  const children: ExportSession[] = [];
  const media = new Map<string, { mediaType: string; bytes: Uint8Array }>();
  let root: ExportSession | undefined;
  for (const name of Object.keys(files)) {
    const b = files[name];
    if (name === 'session.jsonl') { root = { entry: name, key: 'root', bytes: b }; continue; }
    const c = CHILD.exec(name);
    if (c) { children.push({ entry: name, key: c[1], bytes: b }); continue; }
    const m = MEDIA.exec(name);
    if (m) media.set(m[1], { mediaType: MEDIA_TYPES[m[2]], bytes: b });
  }
  if (!root && children.length === 0) {
    throw new SessionError('zip-no-session', 'The ZIP archive holds no session.jsonl, so it is not a DSH session export.');
  }
  return { root, children, media, ignored };
}
