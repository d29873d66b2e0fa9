/**
 * Run B beside the shown session (run A) in the session worker, and their comparison: the
 * alignment runs here, where both logs are; the page gets the rows, the deltas and what it needs
 * to link the scrubbers, and asks for a difference's details when it opens one.
 */
import { alignByReplacement } from '../core/aligned';
import { alignedSeq } from '../core/run-align';
import { compareRuns, type RunComparison } from '../core/run-compare';
import { formatItemText } from '../core/run-item-text';
import { itemOfSeq, ITEM_KINDS, type RunItems } from '../core/run-items';
import { deriveRunRows } from '../core/run-rows';
import { diffLines } from '../core/text-diff';
import { oneLine } from '../core/text';
import type { LoadResult } from '../io/load';
import { openBytes, readInput } from '../io/open';
import type { ZstdFramesSource } from '../io/zstd-frames';
import type { RunsInfo, RunsPair, RunsPairSide, RunsSurfaceNode } from '../protocol/runs-protocol';

/** Differences that get excerpts with the first answer (the rest show kinds and seqs). */
const EXCERPTS = 2000;
/** Surface nodes sent per side (the last ones at the point). */
const SURFACE_NODES = 200;

interface Side { readonly r: LoadResult; readonly items: RunItems; readonly name: string }

export class RunsPeer {
  readonly comparison: RunComparison;
  private readonly sides: readonly [Side, Side];
  readonly alignMs: number;
  /** The alignment's end on the shared clock (timeOrigin + now), for the Runs view's paint figure. */
  readonly alignedAt: number;

  constructor(a: LoadResult, b: LoadResult, private readonly loadBMs: number, private readonly bContainer: 'log' | 'fixture' | 'zip' = 'log') {
    if (!a.session || !a.timeline) throw new Error('Run A has no session to compare.');
    if (!b.session || !b.timeline) throw new Error(`Run B (${b.fileName ?? 'the other file'}) has no session to compare.`);
    const t0 = performance.now();
    this.comparison = compareRuns(a.session, b.session);
    this.alignMs = performance.now() - t0;
    this.alignedAt = performance.timeOrigin + performance.now();
    this.sides = [{ r: a, items: this.comparison.a, name: a.fileName ?? 'run A' }, { r: b, items: this.comparison.b, name: b.fileName ?? 'run B' }];
  }

  info(): RunsInfo {
    const c = this.comparison, al = c.alignment, b = this.sides[1].r, h = b.header;
    const side = (k: 0 | 1) => {
      const s = this.sides[k];
      return { name: s.name, id: s.r.header?.id ?? '', length: s.r.session!.length, at: s.items.at.slice(), rowOf: (k === 0 ? al.rowOfA : al.rowOfB).slice() };
    };
    const excerpt = (k: 0 | 1, row: number) => {
      const i = (k === 0 ? al.rowA : al.rowB)[row];
      return i < 0 ? undefined : oneLine(formatItemText(this.sides[k].r.session!.log, this.sides[k].items, i, 400), 140);
    };
    return {
      a: side(0), b: side(1), rowA: al.rowA.slice(), rowB: al.rowB.slice(),
      firstDivergence: al.firstDivergence, differences: al.differences,
      excerpts: al.differences.slice(0, EXCERPTS).map((d) => ({ a: excerpt(0, d.row), b: excerpt(1, d.row) })),
      rows: deriveRunRows(al, c.a, c.b), deltas: c.deltas, alignMs: this.alignMs, alignedAt: this.alignedAt, loadBMs: this.loadBMs,
      bFacts: { encoding: b.encoding, container: this.bContainer, verdict: { ok: b.verdict.ok }, ...(h ? { header: { id: h.id, createdAt: h.createdAt, ...(h.parentSession !== undefined ? { parentSession: h.parentSession } : {}), ...(h.seedLength !== undefined ? { seedLength: h.seedLength } : {}) } } : {}), storedEventCount: b.storedEventCount },
    };
  }

  /** The seq of the other run aligned with `seq` of this one. */
  map(fromA: boolean, seq: number): number {
    const c = this.comparison;
    return alignedSeq(c.alignment, fromA ? c.a : c.b, fromA ? c.b : c.a, fromA, seq, this.sides[fromA ? 1 : 0].r.session!.length);
  }

  pair(diff: number): RunsPair {
    const c = this.comparison, d = c.alignment.differences[diff];
    if (!d) throw new Error(`There is no difference ${diff}.`);
    const ia = c.alignment.rowA[d.row], ib = c.alignment.rowB[d.row];
    const atA = ia >= 0 ? c.a.at[ia] : this.map(false, c.b.at[ib]);
    const atB = ib >= 0 ? c.b.at[ib] : this.map(true, c.a.at[ia]);
    const a = this.side(0, ia, atA), b = this.side(1, ib, atB);
    return { diff, a, b, lines: diffLines(a.text ?? '', b.text ?? '', 400) };
  }

  private side(k: 0 | 1, i: number, at: number): RunsPairSide {
    const s = this.sides[k], log = s.r.session!.log, al = this.comparison.alignment;
    const all = s.r.timeline!.surfaceAt(at);
    const nodes = all.slice(Math.max(0, all.length - SURFACE_NODES));
    const shadowed = new Map(s.r.session!.fold.replacements.map((x) => [x.seq, x.shadowed]));
    const blocks = alignByReplacement(nodes, (q) => !shadowed.has(q), (q) => shadowed.get(q) ?? []);
    const rowOf = k === 0 ? al.rowOfA : al.rowOfB;
    const surface: RunsSurfaceNode[] = nodes.map((q, n) => {
      const item = itemOfSeq(s.items, q);
      const e = log.rawAt(q);
      const role = e.type === 'tool/result' ? 'tool' : e.type === 'assistant/message' ? 'assistant' : 'user';
      const standsFor = blocks.replacement[n] ? blocks.rightStart[n + 1] - blocks.rightStart[n] : undefined;
      return {
        seq: q, role, text: item >= 0 ? oneLine(formatItemText(log, s.items, item, 400), 160) : '',
        ...(standsFor !== undefined ? { standsFor } : {}), same: item >= 0 && al.equal[rowOf[item]] === 1,
      };
    });
    const seq = i >= 0 && s.items.seq[i] >= 0 ? s.items.seq[i] : null;
    return { seq, ...(i >= 0 ? { kind: ITEM_KINDS[s.items.kind[i]], text: formatItemText(log, s.items, i) } : {}), at, surface, surfaceTotal: all.length };
  }
}

/**
 * Loads run B from bytes (any file the viewer opens) and compares it with run A. Either run
 * refused by DSH's verdict is an error whose sentence says which run, the file and why.
 */
export async function openRunB(a: LoadResult, req: { bytes: ArrayBuffer | Blob; fileName?: string; entry?: string }, zstdFrames?: ZstdFramesSource): Promise<RunsPeer> {
  if (!a.verdict.ok) throw new Error(`Run A (${a.fileName ?? 'the shown session'}) is refused (${a.verdict.kind}): ${a.verdict.message}`);
  const name = req.fileName ?? 'the other file';
  const t0 = performance.now();
  let b: LoadResult, container: 'log' | 'fixture' | 'zip';
  try {
    const input = await readInput(req.bytes instanceof Blob ? req.bytes : new Uint8Array(req.bytes));
    const o = await openBytes(input, { fileName: req.fileName, entry: req.entry, zstdFrames });
    b = o.result;
    container = o.container;
  } catch (err) {
    throw new Error(`Run B (${name}) is refused: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (!b.verdict.ok) throw new Error(`Run B (${name}) is refused (${b.verdict.kind}): ${b.verdict.message}`);
  return new RunsPeer(a, b, performance.now() - t0, container);
}
