/**
 * Search in one file's sessions, reading each log once as plaintext lines (plain, or zstd frame by
 * frame) and parsing only the lines that may hold a hit. Hits carry the seq and a masked, bounded
 * excerpt (./excerpt.ts); the header line is not searched. What DSH would say of the log is not
 * asked: a hit in a log DSH refuses is still a hit in the file.
 */
import { EventMatcher, type EventHit, type MatchFilter, type Pattern } from '../core/event-match';
import { MAX_LOG_PLAINTEXT } from './limits';
import { maskedExcerpt, type Excerpt } from './excerpt';
import { nameForeignFormat, sniffFormat } from './sniff';
import { readExportZip } from './zip';
import { zstdFramesHere } from './zstd-frames';

export interface GrepHit extends Excerpt {
  readonly path: string;
  readonly seq: number;
  readonly type: string;
}

/** One session's search: its hits (at most `max` kept) and how many there were. */
export interface SessionGrep {
  readonly path: string;
  readonly id?: string;
  readonly count: number;
  readonly hits: readonly GrepHit[];
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const ZSTD = { pieceBytes: 8 << 20, maxPlain: MAX_LOG_PLAINTEXT, blockBytes: 4 << 20 };

/** The plaintext of a log a block at a time (zstd decoded frame by frame here). */
async function* plaintext(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (sniffFormat(bytes) !== 'zstd') { yield bytes; return; }
  for await (const item of zstdFramesHere(bytes, ZSTD)) {
    if (item.kind === 'header' || item.kind === 'block') yield item.plain;
    else if (item.kind !== 'tick') return;
  }
}

/**
 * Searches one log's bytes. With a literal pattern only the lines it occurs in are parsed (found by
 * one scan of each block's text), plus the `tool/call` lines a tool filter needs; with a regular
 * expression every line is.
 */
export async function grepLog(bytes: Uint8Array, path: string, pattern: Pattern, filter: MatchFilter, max: number): Promise<SessionGrep> {
  const matcher = new EventMatcher(pattern, filter);
  const hits: GrepHit[] = [], found: EventHit[] = [];
  let count = 0, id: string | undefined, header = true, carry = '';
  const record = (text: string) => {
    let v: unknown;
    try { v = JSON.parse(text); } catch { return; }
    found.length = 0;
    matcher.match(v, found);
    for (const h of found) {
      count++;
      if (hits.length < max) hits.push({ path, seq: h.seq, type: h.type, ...maskedExcerpt(h.text, h.start, h.end) });
    }
  };
  const literal = pattern.literal !== undefined, calls = filter.tool !== undefined;
  for await (const block of plaintext(bytes)) {
    let text = carry + decoder.decode(block);
    const last = text.lastIndexOf('\n');
    carry = text.slice(last + 1);
    text = last < 0 ? '' : text.slice(0, last + 1);
    let from = 0;
    if (header && text) {
      header = false;
      const nl = text.indexOf('\n');
      try { const h = JSON.parse(text.slice(0, nl)); if (h && typeof h.id === 'string') id = h.id; } catch { /* not a header: it holds no hit */ }
      from = nl + 1;
    }
    if (!literal) {
      for (let p = from, nl = text.indexOf('\n', p); nl >= 0; p = nl + 1, nl = text.indexOf('\n', p)) if (nl > p) record(text.slice(p, nl));
      continue;
    }
    // candidate line starts in order: lines holding the literal, and tool calls when the tool filter needs them
    const starts: number[] = [];
    if (calls) for (let i = text.indexOf('{"type":"tool/call"', from); i >= 0; i = text.indexOf('{"type":"tool/call"', i + 1)) if (i === 0 || text.charCodeAt(i - 1) === 10) starts.push(i);
    const re = pattern.re;
    re.lastIndex = from;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const ls = text.lastIndexOf('\n', m.index) + 1, le = text.indexOf('\n', m.index);
      starts.push(Math.max(ls, from));
      re.lastIndex = le + 1;
    }
    if (calls) starts.sort((a, b) => a - b);
    for (let i = 0; i < starts.length; i++) {
      if (i > 0 && starts[i] === starts[i - 1]) continue;
      record(text.slice(starts[i], text.indexOf('\n', starts[i])));
    }
  }
  // a last line without LF is a torn record: DSH never reads it, and neither does the search
  return { path, ...(id !== undefined ? { id } : {}), count, hits };
}

/** Searches one file: a log, or each session of an export ZIP; nothing for a file that is not a log. */
export async function grepFile(bytes: Uint8Array, path: string, pattern: Pattern, filter: MatchFilter, max: number): Promise<SessionGrep[]> {
  if (nameForeignFormat(bytes)) return [];
  if (sniffFormat(bytes) === 'zip') {
    let archive;
    try { archive = readExportZip(bytes); } catch { return []; }
    const out: SessionGrep[] = [];
    for (const z of [...(archive.root ? [archive.root] : []), ...archive.children]) out.push(await grepLog(z.bytes, `${path} › ${z.entry}`, pattern, filter, max));
    return out;
  }
  return [await grepLog(bytes, path, pattern, filter, max)];
}
