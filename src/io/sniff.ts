/** Detects a file's format by magic bytes, never by name (decisions §4). */
export type FileFormat = 'zstd' | 'zip' | 'jsonl';

export function sniffFormat(b: Uint8Array): FileFormat {
  if (b.length >= 4 && b[0] === 0x28 && b[1] === 0xb5 && b[2] === 0x2f && b[3] === 0xfd) return 'zstd';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip';
  return 'jsonl';
}

/** Magic bytes of formats people open by mistake, with the name a refusal gives them. */
const FOREIGN: readonly { readonly magic: readonly number[]; readonly at?: number; readonly name: string }[] = [
  { magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], name: 'a PNG image' },
  { magic: [0xff, 0xd8, 0xff], name: 'a JPEG image' },
  { magic: [0x47, 0x49, 0x46, 0x38], name: 'a GIF image' },
  { magic: [0x57, 0x45, 0x42, 0x50], at: 8, name: 'a WebP image' },
  { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], name: 'a PDF document' },
  { magic: [0x1f, 0x8b], name: 'a gzip archive' },
  { magic: [0x42, 0x5a, 0x68], name: 'a bzip2 archive' },
  { magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], name: 'an xz archive' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], name: 'a 7-Zip archive' },
  { magic: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], name: 'a RAR archive' },
  { magic: [0x7f, 0x45, 0x4c, 0x46], name: 'an ELF executable' },
  { magic: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], name: 'an SQLite database' },
];

const MARKUP = /^(?:\uFEFF)?\s*<(?:!doctype\s+html|html|head|body|!--|\?xml|svg)[\s>]/i;
const SNIFF_SPAN = 1024;

/**
 * What a file that is clearly not a session log is, by its first bytes (`empty file`, `a PNG image`,
 * `an HTML page`, `binary data`), or undefined when it may be a log. A log starts with a JSON
 * header line, so markup, a raw NUL or bytes that are not UTF-8 in the first line are never one.
 */
export function nameForeignFormat(b: Uint8Array): string | undefined {
  if (b.length === 0) return 'an empty file';
  if (sniffFormat(b) !== 'jsonl') return undefined;
  for (const f of FOREIGN) {
    const at = f.at ?? 0;
    if (b.length >= at + f.magic.length && f.magic.every((m, i) => b[at + i] === m)) return f.name;
  }
  // only the first non-blank line: a log whose header is whole but whose later text is broken is DSH's to refuse, by line
  let start = 0;
  while (start < SNIFF_SPAN && start < b.length && (b[start] === 0x20 || b[start] === 0x09 || b[start] === 0x0a || b[start] === 0x0d)) start++;
  const nl = b.subarray(start, start + SNIFF_SPAN).indexOf(0x0a);
  const head = b.subarray(start, nl < 0 ? start + SNIFF_SPAN : start + nl);
  if (head.includes(0)) return 'binary data';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return 'binary data';
  }
  if (MARKUP.test(text)) return /^(?:\uFEFF)?\s*<(?:\?xml|svg)/i.test(text) && !/<html/i.test(text) ? 'an XML document' : 'an HTML page';
  if (b.length <= SNIFF_SPAN && new TextDecoder().decode(b).trim() === '') return 'an empty file';
  return undefined;
}
