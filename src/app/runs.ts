/**
 * The Runs view's effects: run B is sent to the shown session's worker, which loads it beside
 * run A and aligns them (src/worker/runs.ts); the answer, the difference opened and B's cursor go
 * to src/store/runs.ts. Pairs of sessions open from two dropped files, two library entries, a
 * folder's sessions, `?a=<url>&b=<url>` and the deep link `#compare=<id>,<id>`.
 */
import { alignedSeq } from '../core/run-align';
import { afterPaint } from './after-paint';
import type { RunsInfo } from '../protocol/runs-protocol';
import type { Summary } from '../protocol/worker-protocol';
import { libraryEntryFor } from '../storage/entry';
import { nextSessionShown } from './session';
import { client } from './session-client';
import { library, libraryState } from './library';
import { openFromLibrary } from './library-open';
import { useApp } from '../store/store';
import { setCursor } from './cursor';
import { setView } from './view';
import { useRuns } from '../store/runs';

const runs = useRuns.setState, runsNow = useRuns.getState;


/** Keeps run B in the library (once: the same file is found again), for the deep link; its id, or undefined. */
async function keepB(blob: Blob, name: string, info: RunsInfo): Promise<string | undefined> {
  const lib = await library();
  if (!lib) return undefined;
  try {
    const entries = await lib.list();
    const same = entries.find((e) => e.size === blob.size && e.sessionId === info.bFacts.header?.id);
    if (same) return same.id;
    const id = crypto.randomUUID();
    await lib.add([{ entry: libraryEntryFor(info.bFacts, { id, name, size: blob.size, now: Date.now() }), bytes: blob }]);
    return id;
  } catch { return undefined; }
}

/** A's library id once it is kept (a load keeps the file after it settles). */
async function keptIdOfA(summary: Summary): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    if (useApp.getState().summary !== summary) return undefined;
    const id = libraryState().currentId;
    if (id) return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/**
 * Compares the shown session (run A) with run B: its bytes go to A's worker, which loads and
 * aligns them. `keptId`: B's library entry, when it came from the library.
 */
export async function openRunB(bytes: ArrayBuffer | Blob, name: string, keptId?: string): Promise<void> {
  const summary = useApp.getState().summary;
  if (!summary) { runs({ phase: 'failed', error: 'Open run A first: the shown session is compared with run B.', for: undefined }); return; }
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes]);
  runs({ for: summary, phase: 'loading', bName: name, error: undefined, info: undefined, ids: undefined, open: -1, pair: undefined, bCursor: undefined, firstPaintMs: undefined, paintAfterAlignMs: undefined });
  setView('runs');
  let info: RunsInfo;
  try {
    info = await client.request('runsOpen', { bytes: blob, fileName: name });
  } catch (err) {
    if (useApp.getState().summary === summary) runs({ phase: 'failed', error: (err as Error).message });
    return;
  }
  if (useApp.getState().summary !== summary) return;
  received = performance.now();
  runs({ phase: 'ready', info, open: info.differences.length ? 0 : -1 });
  const first = info.differences[0];
  // the rows are painted first; the cursors move to the first divergence (and its details are asked
  // for) right after that paint: moving A's cursor re-renders every view of it, which took as long
  // as the Runs view's own first render
  if (first) afterPaint(() => { if (runsNow().info === info && runsNow().open === 0) void openDifference(0); });
  const [idA, idB] = await Promise.all([keptIdOfA(summary), keptId ?? keepB(blob, name, info)]);
  if (idA && idB && runsNow().info === info) runs({ ids: [idA, idB] });
}

/** When the worker's answer arrived: the view reports its first paint against it, and against the alignment's end. */
let received = 0;
export function reportFirstPaint(): void {
  const { info, firstPaintMs } = runsNow();
  if (!received || !info || firstPaintMs !== undefined) return;
  runs({ firstPaintMs: performance.now() - received, paintAfterAlignMs: performance.timeOrigin + performance.now() - info.alignedAt });
}

/** Opens two sessions: A as the shown session, then B beside it. */
export async function openRuns(openA: () => void | Promise<void>, b: () => Promise<{ bytes: ArrayBuffer | Blob; name: string; keptId?: string } | undefined>): Promise<void> {
  const loaded = nextSessionShown();
  void openA();
  if (!(await loaded)) return;
  const got = await b();
  if (got) await openRunB(got.bytes, got.name, got.keptId);
}

/** Two files brought together (drop, picker): the first is run A, the second run B. */
export function openFilePair(a: File, b: File, openFile: (f: File) => Promise<void>): Promise<void> {
  return openRuns(() => openFile(a), async () => ({ bytes: b, name: b.name }));
}

/** A kept session as run B. */
export async function libraryRun(id: string): Promise<{ bytes: Blob; name: string; keptId: string } | undefined> {
  const lib = await library();
  if (!lib) { runs({ phase: 'failed', error: libraryState().unavailable ?? 'The library is unavailable.' }); return undefined; }
  try {
    const entry = (await lib.list()).find((e) => e.id === id);
    return { bytes: await lib.blob(id), name: entry?.name ?? id, keptId: id };
  } catch {
    runs({ phase: 'failed', error: `Run B: the library has no session ${id} (it may have been deleted).` });
    return undefined;
  }
}

/** A same-origin URL as run B. */
async function urlRun(url: string): Promise<{ bytes: ArrayBuffer; name: string } | undefined> {
  const name = url.split('/').pop()?.split('?')[0] || url;
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return { bytes: await res.arrayBuffer(), name };
  } catch (err) {
    runs({ phase: 'failed', error: `Run B (${url}) could not be fetched: ${(err as Error).message}.` });
    return undefined;
  }
}

/** `#compare=<idA>,<idB>` (library ids). */
export function parseCompareHash(hash: string): readonly [string, string] | undefined {
  const v = new URLSearchParams(hash.replace(/^#/, '')).get('compare');
  const m = v ? /^([A-Za-z0-9_-]{1,80}),([A-Za-z0-9_-]{1,80})$/.exec(v) : null;
  return m ? [m[1], m[2]] : undefined;
}

/** At start: `?a=<url>&b=<url>` or `#compare=<idA>,<idB>` opens a pair; true when one did. */
export function openRunsFromLocation(openUrl: (url: string, restore: { view: 'runs' }) => Promise<void>): boolean {
  const q = new URLSearchParams(location.search);
  const a = q.get('a'), b = q.get('b');
  if (a && b) { void openRuns(() => openUrl(a, { view: 'runs' }), () => urlRun(b)); return true; }
  const ids = parseCompareHash(location.hash);
  if (ids) { void openRuns(() => openFromLibrary(ids[0], { view: 'runs' }), () => libraryRun(ids[1])); return true; }
  return false;
}

/** Opens difference `k`: A's cursor moves to it (B follows) and its details are asked for. */
export async function openDifference(k: number): Promise<void> {
  const { info } = runsNow();
  const d = info?.differences[k];
  if (!info || !d) return;
  runs({ open: k, pair: undefined, bCursor: undefined });
  setCursor(d.a ?? alignedSeq(mapOf(info), mapSide(info, 'b'), mapSide(info, 'a'), false, d.b ?? 0, info.a.length));
  try {
    const pair = await client.request('runsPair', k);
    if (runsNow().info === info && runsNow().open === k) runs({ pair });
  } catch { /* the session was replaced */ }
}

/** Next (dir 1) or previous (dir −1) difference from the one opened. */
export function stepDifference(dir: 1 | -1): void {
  const { info, open } = runsNow();
  if (!info || info.differences.length === 0) return;
  const k = Math.max(0, Math.min(info.differences.length - 1, open + dir));
  if (k !== open) void openDifference(k);
}

const mapOf = (info: RunsInfo) => ({ rowOfA: info.a.rowOf, rowOfB: info.b.rowOf, rowA: info.rowA, rowB: info.rowB });
const mapSide = (info: RunsInfo, k: 'a' | 'b') => ({ at: info[k].at, length: info[k].at.length });

/** B's seq: its own when B's slider moved A's cursor to where it is, else aligned with A's cursor. */
export function bCursorFor(info: RunsInfo, aCursor: number, own: { b: number; a: number } | undefined): number {
  return own && own.a === aCursor ? own.b : alignedSeq(mapOf(info), mapSide(info, 'a'), mapSide(info, 'b'), true, aCursor, info.b.length);
}

/** B's slider moved: B's cursor is `seq`, and A's cursor moves to the aligned point. */
export function setBCursor(seq: number): void {
  const { info } = runsNow();
  if (!info) return;
  const b = Math.max(0, Math.min(info.b.length - 1, seq));
  const a = alignedSeq(mapOf(info), mapSide(info, 'b'), mapSide(info, 'a'), false, b, info.a.length);
  runs({ bCursor: { b, a } });
  setCursor(a);
}

/** Seq of B aligned with `seq` of A, and the other way. */
export function mapSeq(info: RunsInfo, fromA: boolean, seq: number): number {
  return alignedSeq(mapOf(info), mapSide(info, fromA ? 'a' : 'b'), mapSide(info, fromA ? 'b' : 'a'), fromA, seq, info[fromA ? 'b' : 'a'].length);
}

