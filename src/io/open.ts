import { SessionError } from '../core/errors';
import { isFixtureLog, loadFixture } from './fixture';
import { loadBytes, type LoadLimits, type LoadOptions, type LoadResult } from './load';
import { damagedZstdStart } from './damaged-start';
import { nameForeignFormat, sniffFormat } from './sniff';
import { readExportZip, type ExportArchive } from './zip';

/** What opening any file DSH users have produced: the session shown first, and for a ZIP, the rest. */
export interface OpenResult {
  readonly result: LoadResult;
  /** `log` for .jsonl/.jsonl.zstd, `fixture` for DSH's snapshot-test fixtures, `zip` for an export. */
  readonly container: 'log' | 'fixture' | 'zip';
  readonly archive?: ExportArchive;
  /** For a ZIP: the entry the result was loaded from. */
  readonly entry?: string;
}

/**
 * What a loader holds of its input: bytes as they are; a Blob read whole, unless it is zstd, which
 * stays a Blob that the loader reads a slice at a time (its compressed bytes are never all held).
 */
export async function readInput(input: Uint8Array | Blob): Promise<Uint8Array | Blob> {
  if (input instanceof Uint8Array) return input;
  if (sniffFormat(new Uint8Array(await input.slice(0, 4).arrayBuffer())) === 'zstd') return input;
  return new Uint8Array(await input.arrayBuffer());
}

/** Bytes of a Blob's start that tell what it is. */
const HEAD_BYTES = 64 << 10;

/**
 * Whether a Blob is a plain log by its first bytes alone: text, not something else (./sniff), and
 * not one of DSH's fixtures, which takes its first two non-blank lines (whole within those bytes,
 * or the Blob is read whole to tell).
 */
async function isPlainLog(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
  if (sniffFormat(head) !== 'jsonl' || nameForeignFormat(head)) return false;
  return (head.length === blob.size || nonBlankLinesEnded(head) >= 2) && !isFixtureLog(head);
}

/** Non-blank lines that end (with an LF) within `b`, counting up to two. */
function nonBlankLinesEnded(b: Uint8Array): number {
  let n = 0, blank = true;
  for (let i = 0; i < b.length && n < 2; i++) {
    const c = b[i];
    if (c === 10) { if (!blank) n++; blank = true; } else if (c !== 32 && c !== 9 && c !== 13) blank = false;
  }
  return n;
}

/**
 * Opens bytes of any supported kind (decisions §4), detected by magic bytes. A ZIP opens its root
 * session (or `entry` when given); its other sessions and media stay in `archive`. A file that is
 * clearly something else (empty, an image, an HTML page, binary data) is refused with a SessionError
 * naming what it is, before any parsing; its kind is DSH's (no session header: corrupt).
 */
export async function openBytes(input: Uint8Array | Blob, opts: LoadOptions & Pick<LoadLimits, 'zstdFrames' | 'arrived' | 'syncReader' | 'pages' | 'keepPlaintext'> & { entry?: string } = {}): Promise<OpenResult> {
  // a plain log the host can read again stays where it is: the loader reads it a piece at a time
  if (input instanceof Blob && opts.syncReader && !opts.live && await isPlainLog(input)) return { result: await loadBytes(input, opts), container: 'log' };
  const bytes = await readInput(input);
  // a zstd Blob is read a slice at a time by the loader
  if (bytes instanceof Blob) return { result: await loadBytes(bytes, opts), container: 'log' };
  // a zstd log damaged at its start is a log: the loader gives DSH's framing verdict for it
  const foreign = nameForeignFormat(bytes);
  if (foreign && !damagedZstdStart(bytes, opts.fileName)) throw new SessionError('not-a-log', foreign === 'an empty file' ? 'This is an empty file, not a session log.' : `This is ${foreign}, not a session log.`, { kind: 'corrupt' });
  const format = sniffFormat(bytes);
  if (format === 'zip') {
    const archive = readExportZip(bytes);
    const all = [...(archive.root ? [archive.root] : []), ...archive.children];
    const pick = opts.entry === undefined ? all[0] : all.find((s) => s.entry === opts.entry);
    if (!pick) throw new SessionError('zip-entry', `The ZIP archive has no session entry ${JSON.stringify(opts.entry)}.`);
    const named = opts.fileName?.endsWith(pick.entry) ? opts.fileName : `${opts.fileName ?? 'export.zip'} › ${pick.entry}`;
    const result = await loadBytes(pick.bytes, { ...opts, fileName: named, live: false });
    return { result, container: 'zip', archive, entry: pick.entry };
  }
  if (format === 'jsonl' && isFixtureLog(bytes)) return { result: await loadFixture(bytes, { ...opts, live: false }), container: 'fixture' };
  return { result: await loadBytes(bytes, opts), container: 'log' };
}
