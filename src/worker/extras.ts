/**
 * Worker requests about the file rather than the loaded session's events (issue 4): what the
 * container holds (ZIP sessions, media, fixture notes), the fork export at a cursor, and a
 * parent/child comparison. Pure functions over `OpenResult`, so Node tests can call them.
 */
import { parseHeaderRecord } from '../core/header';
import { formatForkExport } from '../io/export';
import type { LoadResult } from '../io/load';
import type { FixtureLoadResult } from '../io/fixture';
import { openBytes, type OpenResult } from '../io/open';
import type { ExportArchive } from '../io/zip';
import type { WriterRedaction } from '../protocol/share-protocol';
import type { ArchiveInfo, ArchiveSession, ForkSide, Summary } from '../protocol/worker-protocol';
import { SessionQueries } from './queries';

/** Redacts and/or compresses a fork's plain pieces (./fork-encode.ts, run by the writer worker). */
export type ForkEncoder = (pieces: Uint8Array[], zstd: boolean, redact: boolean | WriterRedaction) => Promise<{ parts: Uint8Array[]; redacted?: number }>;

const decoder = new TextDecoder();

/** The header links of a log, read from its first line only (cheap; undefined fields if unreadable). */
export function peekHeader(bytes: Uint8Array): Pick<ArchiveSession, 'id' | 'parentSession' | 'seedLength' | 'createdAt'> {
  let end = bytes.indexOf(0x0a);
  if (end < 0) end = bytes.length;
  try {
    const v = JSON.parse(decoder.decode(bytes.subarray(0, Math.min(end, 1 << 20)))) as Record<string, unknown>;
    try {
      const h = parseHeaderRecord(v);
      return { id: h.id, parentSession: h.parentSession, seedLength: h.seedLength, createdAt: h.createdAt };
    } catch {
      // A header the gate refuses still names its links when they have the right types.
      const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
      const num = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) ? x : undefined);
      return { id: str(v.id), parentSession: str(v.parentSession), seedLength: num(v.seedLength), createdAt: num(v.createdAt) };
    }
  } catch {
    return {};
  }
}

export function describeArchive(a: ExportArchive): ArchiveInfo {
  const all = [...(a.root ? [a.root] : []), ...a.children];
  return {
    sessions: all.map((s) => ({ entry: s.entry, key: s.key, byteLength: s.bytes.length, ...peekHeader(s.bytes) })),
    mediaCount: a.media.size,
    ignored: a.ignored.slice(0, 200),
  };
}

/** Summary fields describing the container the session came from. */
export function containerFields(o: OpenResult): Pick<Summary, 'container' | 'entry' | 'archive' | 'fixtureNotes' | 'fixtureFailure' | 'zstdFrames'> {
  const { fixtureNotes: notes, fixtureFailure: stop } = o.result as Partial<Pick<FixtureLoadResult, 'fixtureNotes' | 'fixtureFailure'>>;
  return {
    container: o.container,
    ...(o.entry !== undefined ? { entry: o.entry } : {}),
    ...(o.archive ? { archive: describeArchive(o.archive) } : {}),
    ...(o.container === 'fixture' ? { fixtureNotes: notes ?? [] } : {}),
    ...(o.container === 'fixture' && stop && !stop.ok ? { fixtureFailure: { code: stop.code, message: stop.message, ...(stop.line !== undefined ? { line: stop.line } : {}), ...(stop.seq !== undefined ? { seq: stop.seq } : {}) } } : {}),
    ...(o.result.frames ? { zstdFrames: { complete: o.result.frames.complete, tornBytes: o.result.frames.tornBytes } } : {}),
  };
}

/**
 * `<id>-fork-<seq>.jsonl[.zstd]`: the log through `cursor` with a fork header naming this session;
 * with `redact`, every credential in it redacted, and the user's own strings (`redacted`: how many).
 * A plain copy is made here; `encode` redacts and compresses (the session worker's writer worker).
 */
export async function forkExportFile(r: LoadResult, cursor: number, zstd: boolean, now: number | undefined, redact: boolean | WriterRedaction, encode: ForkEncoder): Promise<{ name: string; bytes: Blob; redacted?: number }> {
  if (!r.session || !r.header || r.session.log.length === 0) throw new Error('There is no session to export.');
  const last = Math.max(0, Math.min(cursor, r.session.log.length - 1));
  const x = formatForkExport(r, last, { now });
  const base = `${r.header.id}-fork-${last}.jsonl`;
  // the file is gathered as a Blob of pieces (the browser may keep a large one on disk), never one array
  const pieces = [...x.pieces()];
  const { parts, redacted } = zstd || redact ? await encode(pieces, zstd, redact) : { parts: pieces, redacted: undefined };
  const type = zstd ? 'application/zstd' : 'application/x-ndjson';
  return { name: zstd ? `${base}.zstd` : base, bytes: new Blob(parts as BlobPart[], { type }), ...(redacted !== undefined ? { redacted } : {}) };
}

export function mediaList(a: ExportArchive | undefined): { id: string; mediaType: string; bytes: ArrayBuffer }[] {
  if (!a) return [];
  return [...a.media].map(([id, m]) => {
    const bytes = new ArrayBuffer(m.bytes.byteLength);
    new Uint8Array(bytes).set(m.bytes);
    return { id, mediaType: m.mediaType, bytes };
  });
}

/** Rows of `self` and of another session from `from`, at most `limit` each. */
export async function compareWith(self: SessionQueries, opened: OpenResult | undefined, req: { entry?: string; bytes?: ArrayBuffer; from: number; limit: number }): Promise<{ self: ForkSide; other: ForkSide }> {
  let other: LoadResult;
  if (req.entry !== undefined) {
    const a = opened?.archive;
    const s = a && [...(a.root ? [a.root] : []), ...a.children].find((x) => x.entry === req.entry);
    if (!s) throw new Error(`The archive has no entry ${JSON.stringify(req.entry)}.`);
    other = (await openBytes(s.bytes, { fileName: s.entry })).result;
  } else if (req.bytes) {
    other = (await openBytes(new Uint8Array(req.bytes), {})).result;
  } else {
    throw new Error('Nothing to compare with.');
  }
  const q = new SessionQueries(other);
  const limit = Math.max(0, Math.min(req.limit, 5000));
  const from = Math.max(0, req.from);
  return {
    self: { length: self.length, rows: self.rows(from, from + limit) },
    other: { length: q.length, rows: q.rows(from, from + limit) },
  };
}
