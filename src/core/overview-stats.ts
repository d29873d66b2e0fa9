import { REQ_ESTIMATED, type Overview } from './overview';

export interface ToolStats {
  readonly name: string;
  readonly count: number;
  /** Calls with a result: their durations' sum and p95 (nearest rank), in ms. */
  readonly timed: number;
  readonly totalMs: number;
  readonly p95Ms: number;
  readonly errors: number;
}

/** Tokens summed over requests; `-1` fields where no request recorded that kind. */
export interface TokenTotals {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly reasoning: number;
  /** Requests whose numbers are estimated from the Surface (no usage recorded). */
  readonly estimated: number;
}

/** The numbers of issue 11 §2 for the seqs [from, to]: what started in that range. */
export interface OverviewStats {
  readonly from: number;
  readonly to: number;
  readonly turns: number;
  readonly steps: number;
  readonly requests: number;
  readonly toolCalls: number;
  readonly toolErrors: number;
  /** By tool name, most calls first. */
  readonly tools: readonly ToolStats[];
  readonly tokens: TokenTotals;
  readonly compactions: number;
  /** Tokens the compactions / prunes shadowed (DSH's shadowedTokenCount; unknown counts are left out). */
  readonly compactionSaved: number;
  readonly prunes: number;
  readonly pruneSaved: number;
}

/** Nearest-rank percentile of `xs` (sorted in place). */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  xs.sort((a, b) => a - b);
  return xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];
}

const inRange = (s: number, from: number, to: number) => s >= from && s <= to;

function countIn(seqs: Int32Array, from: number, to: number): number {
  let c = 0;
  for (let i = 0; i < seqs.length; i++) if (inRange(seqs[i], from, to)) c++;
  return c;
}

function sumKnown(seqs: Int32Array, values: Float64Array, from: number, to: number): number {
  let sum = 0;
  for (let i = 0; i < seqs.length; i++) if (inRange(seqs[i], from, to) && values[i] >= 0) sum += values[i];
  return sum;
}

/** Session or range numbers from an overview (the whole session: from 0 to `o.last`). */
export function overviewStats(o: Overview, from = 0, to = o.last): OverviewStats {
  const lo = Math.min(from, to), hi = Math.max(from, to);
  const tok = { input: -1, output: -1, cacheRead: -1, cacheWrite: -1, reasoning: -1, estimated: 0 };
  const add = (k: keyof typeof tok, v: number) => { if (v >= 0) tok[k] = Math.max(0, tok[k]) + v; };
  let requests = 0;
  for (let r = 0; r < o.reqSeq.length; r++) {
    if (!inRange(o.reqSeq[r], lo, hi)) continue;
    requests++;
    add('input', o.reqIn[r]); add('output', o.reqOut[r]); add('cacheRead', o.reqCacheRead[r]);
    add('cacheWrite', o.reqCacheWrite[r]); add('reasoning', o.reqReasoning[r]);
    if (o.reqFlags[r] & REQ_ESTIMATED) tok.estimated++;
  }
  const byName = new Map<number, { count: number; errors: number; durations: number[] }>();
  let toolCalls = 0, toolErrors = 0;
  for (let k = 0; k < o.toolCall.length; k++) {
    if (!inRange(o.toolCall[k], lo, hi)) continue;
    toolCalls++;
    let b = byName.get(o.toolName[k]);
    if (!b) byName.set(o.toolName[k], (b = { count: 0, errors: 0, durations: [] }));
    b.count++;
    if (o.toolError[k]) { b.errors++; toolErrors++; }
    if (o.toolResult[k] >= 0) b.durations.push(o.toolT1[k] - o.toolT0[k]);
  }
  const tools = [...byName].map(([id, b]) => ({
    name: o.toolNames[id] ?? '?', count: b.count, timed: b.durations.length,
    totalMs: b.durations.reduce((x, y) => x + y, 0), p95Ms: percentile(b.durations, 95), errors: b.errors,
  })).sort((x, y) => y.count - x.count || x.name.localeCompare(y.name));
  return {
    from: lo, to: hi, turns: countIn(o.turnStart, lo, hi), steps: countIn(o.stepStart, lo, hi), requests,
    toolCalls, toolErrors, tools, tokens: tok,
    compactions: countIn(o.compSeq, lo, hi), compactionSaved: sumKnown(o.compSeq, o.compSaved, lo, hi),
    prunes: countIn(o.pruneSeq, lo, hi), pruneSaved: sumKnown(o.pruneSeq, o.pruneSaved, lo, hi),
  };
}
