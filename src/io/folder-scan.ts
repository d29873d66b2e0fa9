/**
 * A folder of sessions (issue 16): which files are sessions, grouped how, and what their first
 * line says. Recognises DSH's layout, `[sessions/]--<project key>--/<session dir>/session.jsonl[.zstd]`
 * (persistence.md §5.2), and also export ZIPs and loose logs anywhere in the folder.
 */
import { isPlainRecord } from '../core/errors';
import { readBlobs } from './blob-batch';
import { sniffFormat } from './sniff';
import { decompress } from 'fzstd';
import { FrameStream } from './zstd';

export interface FolderFileInfo {
  /** Path inside the folder, `/`-separated, without a leading slash. */
  readonly path: string;
  /** Bytes; -1 until known (a picked file's size costs the page a round trip to the browser: the folder worker reads it with the header). */
  readonly size: number;
  /** Last modified (ms); 0 when not known. */
  readonly mtimeMs: number;
}

export interface FolderItem extends FolderFileInfo {
  readonly kind: 'dsh' | 'zip' | 'log';
  /** DSH layout: the project directory (`--<key>--` or `_no-cwd`) and the session id its directory encodes. */
  readonly projectDir?: string;
  readonly dirId?: string;
}

const DSH_FILE = /(?:^|\/)(--[^/]*--|_no-cwd)\/([^/]+)\/session\.jsonl(?:\.zstd)?$/;
const LOG_FILE = /\.(?:jsonl|jsonl\.zstd|jsonl\.zst)$/i;
const ZIP_FILE = /\.zip$/i;

/** The session files among `files`: DSH's layout first by path, then ZIPs and loose logs. */
export function classifyFiles(files: readonly FolderFileInfo[]): FolderItem[] {
  const out: FolderItem[] = [];
  for (const f of files) {
    const m = DSH_FILE.exec(f.path);
    if (m) out.push({ ...f, kind: 'dsh', projectDir: m[1], dirId: decodeSegment(m[2]) });
    else if (ZIP_FILE.test(f.path)) out.push({ ...f, kind: 'zip' });
    else if (LOG_FILE.test(f.path)) out.push({ ...f, kind: 'log' });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** DSH's `encodeSegment` reversed: `~XXXX` is one UTF-16 code unit. */
export function decodeSegment(seg: string): string {
  return seg.replace(/~([0-9A-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** DSH's `projectKey` (persistence.md §5.2): the directory a cwd's sessions live in. */
export function projectKeyOf(cwd: string): string {
  let slug = '';
  let sep = false;
  for (let i = 0; i < cwd.length; i++) {
    const ch = cwd[i];
    if (ch === '/' || ch === '\\' || ch === ':') { if (!sep) slug += '-'; sep = true; continue; }
    sep = false;
    slug += /[A-Za-z0-9._-]/.test(ch) ? ch : '~' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  }
  slug = slug.replace(/^-+/, '') || 'root';
  return `--${slug.slice(0, 251)}--`;
}

/**
 * A project directory's path for display: the cwd its sessions' headers name, when they agree and
 * map back to this directory (the key alone is lossy: `/a/b-c` and `/a-b/c` share one); else the
 * directory name as it is.
 */
export function projectLabel(dir: string, cwds: readonly (string | undefined)[]): string {
  if (dir === '_no-cwd') return '(no cwd)';
  const known = new Set(cwds.filter((c): c is string => c !== undefined));
  if (known.size === 1) {
    const [cwd] = known;
    if (projectKeyOf(cwd) === dir) return cwd;
  }
  return dir;
}

/** What a session's header says, read defensively (any field may have any type). */
export interface HeaderFacts {
  readonly id?: string;
  readonly createdAt?: number;
  readonly cwd?: string;
  readonly parentSession?: string;
  readonly seedLength?: number;
  readonly origin?: string;
  readonly delegationDepth?: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function factsOf(line: Uint8Array): HeaderFacts | undefined {
  let v: unknown;
  try { v = JSON.parse(new TextDecoder().decode(line)); } catch { return undefined; }
  if (!isPlainRecord(v) || v.type !== 'session') return undefined;
  const out: Record<string, unknown> = { id: str(v.id), createdAt: num(v.createdAt), cwd: str(v.cwd), parentSession: str(v.parentSession), seedLength: num(v.seedLength), origin: str(v.origin), delegationDepth: num(v.delegationDepth) };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** Bytes of a file's start enough for its header: the first line, or the first zstd frame. */
export const HEADER_BYTES = 64 * 1024;
/** What is read first: a header line (or its zstd frame) is a few hundred bytes; a longer one is read again up to HEADER_BYTES. */
export const HEADER_FIRST_BYTES = 4 * 1024;

/** The header of a log from its first bytes (plain or zstd); undefined when it has none there. */
export async function readHeaderFacts(head: Uint8Array): Promise<HeaderFacts | undefined> {
  if (sniffFormat(head) === 'zstd') {
    const { bytes, frames } = new FrameStream().push(head);
    if (!frames.length) return undefined;
    let first: Uint8Array;
    // the header frame only: fzstd, without a WASM instance per file (the load that judges the file checks the frame)
    try { first = decompress(bytes.subarray(frames[0].start, frames[0].end)); } catch { return undefined; }
    const lf = first.indexOf(10);
    return lf < 0 ? undefined : factsOf(first.subarray(0, lf));
  }
  const lf = head.indexOf(10);
  return lf < 0 ? undefined : factsOf(head.subarray(0, lf));
}

/**
 * The header of a session file. A file of up to HEADER_BYTES is read whole (slicing a picked file
 * costs the browser a round trip per slice, reading a small file does not); a larger one's first
 * HEADER_FIRST_BYTES, then its first HEADER_BYTES when the header did not fit. Null when it has none.
 */
export async function readBlobHeader(file: Blob): Promise<HeaderFacts | null> {
  try {
    const whole = file.size <= HEADER_BYTES;
    const first = await readHeaderFacts(new Uint8Array(await (whole ? file : file.slice(0, HEADER_FIRST_BYTES)).arrayBuffer()).subarray(0, HEADER_BYTES));
    if (first || whole) return first ?? null;
    return (await readHeaderFacts(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()))) ?? null;
  } catch {
    return null;
  }
}

/**
 * The headers of many files, in their order, their first bytes read as one (readBlobs): a file of
 * up to HEADER_BYTES whole, a larger one's first HEADER_FIRST_BYTES (read again up to HEADER_BYTES
 * when the header did not fit).
 */
export async function readBlobHeaders(files: readonly Blob[]): Promise<(HeaderFacts | null)[]> {
  const heads = await readBlobs(files.map((f) => (f.size <= HEADER_BYTES ? f : f.slice(0, HEADER_FIRST_BYTES))));
  return Promise.all(files.map(async (f, i) => {
    const head = heads[i];
    if (!head) return null;
    try {
      const facts = await readHeaderFacts(head);
      return facts || f.size <= HEADER_BYTES ? facts ?? null : await readBlobHeader(f.slice(0, HEADER_BYTES));
    } catch {
      return null;
    }
  }));
}
