/**
 * Fixture mode (decisions.md §4; persistence.md §5.6): opens DSH's projected snapshot-test
 * fixtures, which carry no `seq`/`time` (no `seq0`/`time0` on packed rows), keep `{{...}}`
 * placeholders, may hold blank lines or CRLF, and may have headers without `version` /
 * `delegationDepth`. Envelopes are implied from position (a packed row advances seq by its member
 * count), time = createdAt + seq, missing header fields default to 0, placeholders stay as text,
 * and the log is folded best-effort through the core. The harness verdict is still the real
 * loader's verdict on the original bytes (a refusal, as in DSH).
 */
import { isRowTag } from '../core/catalog';
import { PackedRow, decodeStorageRecord } from '../core/chunk-rows';
import { SessionError, isPlainRecord, isSafeNonNegInt } from '../core/errors';
import { EventLog } from '../core/event-log';
import { isAbsolutePath } from '../core/header';
import { restoreSession } from '../core/restore-stream';
import { HEADER_KEYS, type SessionEvent, type SessionHeader } from '../core/types';
import type { DroppedRecord } from './record-damage';
import { loadBytes, type LoadOptions, type LoadResult, type Verdict } from './load';
import { sniffFormat } from './sniff';

export interface FixtureLoadResult extends LoadResult {
  readonly mode: 'fixture';
  /** The real loader's result on the original bytes; its verdict is `verdict`. */
  readonly harness: LoadResult;
  /** Why the best-effort fixture fold stopped early, if it did (our sentence, with line and seq). */
  readonly fixtureFailure?: Verdict;
  /** What fixture mode implied or changed to read the file, one sentence each. */
  readonly fixtureNotes: readonly string[];
}

interface Line { readonly no: number; readonly text: string }

const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
/** For lines after the first: a BOM there is text, as it is when the whole file is decoded at once. */
const innerDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Physical lines (1-based), CRLF tolerated, blank lines dropped. */
function nonBlankLines(bytes: Uint8Array): Line[] {
  const text = decoder.decode(bytes);
  const out: Line[] = [];
  const parts = text.split('\n');
  for (let i = 0; i < parts.length; i++) {
    const t = parts[i].endsWith('\r') ? parts[i].slice(0, -1) : parts[i];
    if (t.trim() !== '') out.push({ no: i + 1, text: t });
  }
  return out;
}

/**
 * The first `max` non-blank physical lines, as `nonBlankLines` numbers and reads them, decoding
 * only those lines: the fixture check runs on every plain file opened, large logs included.
 */
function firstNonBlankLines(bytes: Uint8Array, max: number): Line[] {
  const out: Line[] = [];
  for (let p = 0, no = 1; p <= bytes.length && out.length < max; no++) {
    let lf = bytes.indexOf(10, p);
    if (lf < 0) lf = bytes.length;
    const raw = (no === 1 ? decoder : innerDecoder).decode(bytes.subarray(p, lf));
    const t = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (t.trim() !== '') out.push({ no, text: t });
    p = lf + 1;
  }
  return out;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try { return { ok: true, value: JSON.parse(text) }; } catch { return { ok: false }; }
}

/**
 * True for a projected fixture: plain text whose header line parses as a session header and whose
 * first body record lacks `seq` (and `seq0`). A header-only file counts when its header lacks
 * `version` or `delegationDepth` or holds a `{{...}}` placeholder.
 */
export function isFixtureLog(bytes: Uint8Array): boolean {
  if (sniffFormat(bytes) !== 'jsonl') return false;
  const lines = firstNonBlankLines(bytes, 2);
  if (lines.length === 0) return false;
  const h = tryParse(lines[0].text);
  if (!h.ok || !isPlainRecord(h.value) || h.value.type !== 'session') return false;
  if (lines.length === 1) return !('version' in h.value) || !('delegationDepth' in h.value) || lines[0].text.includes('{{');
  const b = tryParse(lines[1].text);
  return b.ok && isPlainRecord(b.value) && !('seq' in b.value) && !('seq0' in b.value);
}

/** The header as fixture mode reads it: known keys only, version / delegationDepth default to 0. */
function impliedHeader(v: Record<string, unknown>, notes: string[]): SessionHeader {
  const out: Record<string, unknown> = {};
  for (const k of HEADER_KEYS) if (v[k] !== undefined) out[k] = v[k];
  if (out.version === undefined) { out.version = 0; notes.push('The header has no version; fixture mode reads it as version 0.'); }
  if (out.delegationDepth === undefined) { out.delegationDepth = 0; notes.push('The header has no delegationDepth; fixture mode reads it as 0.'); }
  if (typeof out.id !== 'string') out.id = String(out.id ?? 'fixture');
  if (!isSafeNonNegInt(out.createdAt)) { notes.push('The header createdAt is not a non-negative safe integer; fixture mode uses 0.'); out.createdAt = 0; }
  return out as unknown as SessionHeader;
}

/** Opens a projected fixture. Never throws on malformed content; the harness verdict is `verdict`. */
export async function loadFixture(bytes: Uint8Array, opts: LoadOptions = {}): Promise<FixtureLoadResult> {
  const harness = await loadBytes(bytes, opts);
  const notes: string[] = [];
  const base = { fileName: opts.fileName, encoding: 'jsonl' as const, byteLength: bytes.length };
  const noModel = (why: string): FixtureLoadResult => ({
    ...base, mode: 'fixture', harness, verdict: harness.verdict, fixtureNotes: [...notes, why], storedEventCount: 0, closers: [], firstLiveSeq: 0,
    endSeedAppended: false, acceptedThrough: -1, dropped: [], diagnostics: [], nonJsonNumberSeqs: [], lineOfSeq: () => undefined,
    fixtureFailure: { ok: false, kind: 'corrupt', code: 'fixture-header', message: why, line: 1 },
  });
  if (sniffFormat(bytes) !== 'jsonl') return noModel('Fixture mode reads plain JSONL only; this file is not plain text.');
  const lines = nonBlankLines(bytes);
  const hp = lines.length ? tryParse(lines[0].text) : { ok: false as const };
  if (!hp.ok || !isPlainRecord(hp.value) || hp.value.type !== 'session') return noModel('Line 1 is not a session header, so there is nothing to show in fixture mode.');
  const header = impliedHeader(hp.value, notes);
  if (JSON.stringify(header).includes('{{')) notes.push('Placeholders such as {{cwd}} are kept as text.');

  // Fill the log with implied envelopes.
  const log = new EventLog();
  const recordSeq0: number[] = [];
  const recordLine: number[] = [];
  const dropped: DroppedRecord[] = [];
  let stop: Verdict | undefined;
  let seq = 0;
  for (let i = 1; i < lines.length; i++) {
    const { no, text } = lines[i];
    if (stop) { dropped.push({ line: no, reason: 'after-damage', text }); continue; }
    const p = tryParse(text);
    if (!p.ok || !isPlainRecord(p.value)) {
      stop = { ok: false, kind: 'corrupt', code: 'fixture-record', message: `Line ${no} is ${p.ok ? 'not a JSON object' : 'not valid JSON'}; fixture mode stops reading here.`, line: no, seq };
      dropped.push({ line: no, reason: 'unparsable', text, ...(p.ok ? { value: p.value } : {}) });
      continue;
    }
    const o = p.value;
    const time = header.createdAt + seq;
    if (isRowTag(o.type)) {
      let row: PackedRow;
      try {
        row = decodeStorageRecord({ type: o.type, seq0: seq, time0: time, data: o.data }) as PackedRow;
      } catch (err) {
        stop = { ok: false, kind: 'corrupt', code: 'fixture-row', message: `Line ${no}: ${err instanceof Error ? err.message : String(err)}; fixture mode stops reading here.`, line: no, seq };
        dropped.push({ line: no, reason: 'unparsable', text, value: o });
        continue;
      }
      recordSeq0.push(seq); recordLine.push(no);
      log.pushRow(row);
      seq += row.length;
      continue;
    }
    const { type, seq: _s, time: _t, ...rest } = o;
    recordSeq0.push(seq); recordLine.push(no);
    log.push({ type, seq, time, ...rest } as unknown as SessionEvent);
    seq++;
  }
  const stored = log.length;
  const lineOfSeq = (s: number): number | undefined => {
    if (s < 0 || s >= stored) return undefined;
    let lo = 0, hi = recordSeq0.length - 1, ans = -1;
    while (lo <= hi) { const m = (lo + hi) >> 1; if (recordSeq0[m] <= s) { ans = m; lo = m + 1; } else hi = m - 1; }
    return ans < 0 ? undefined : recordLine[ans];
  };

  // The core admits only an absolute cwd; a placeholder cwd is left out of the fold header only.
  let foldHeader = header;
  if (typeof header.cwd === 'string' && !isAbsolutePath(header.cwd)) {
    const { cwd: _cwd, ...h } = header;
    foldHeader = h;
    notes.push(`The header cwd ${JSON.stringify(header.cwd)} is not an absolute path; the fold ignores it.`);
  }
  const { session, closers, endSeedAppended, failure } = restoreSession(foldHeader, log, { now: opts.now ?? header.createdAt + log.length });
  if (failure && !stop) {
    const e: SessionError = failure.error;
    const line = e.line ?? (e.seq !== undefined ? lineOfSeq(e.seq) : undefined);
    const where = line !== undefined ? `Line ${line}${e.seq !== undefined ? ` (seq ${e.seq})` : ''}: ` : e.seq !== undefined ? `Seq ${e.seq}: ` : '';
    stop = { ok: false, kind: e.kind, code: e.code, message: `${where}${e.message} Fixture mode shows the events before it.`, ...(line !== undefined ? { line } : {}), ...(e.seq !== undefined ? { seq: e.seq } : {}) };
  }
  const through = failure ? failure.acceptedThrough : session.log.length - 1;
  return {
    ...base, mode: 'fixture', harness, verdict: harness.verdict, fixtureNotes: notes, ...(stop ? { fixtureFailure: stop } : {}),
    header, session, storedEventCount: stored, closers: failure ? [] : closers, firstLiveSeq: failure ? 0 : session.firstLiveSeq,
    endSeedAppended, acceptedThrough: through, dropped, nonJsonNumberSeqs: [],
    timeline: session.timeline(), lineage: session.lineage(),
    diagnostics: session.invariants.diagnostics, lineOfSeq,
  };
}
