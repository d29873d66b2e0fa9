import { USAGE_CHUNK, type ActivityIndex } from './activity';

/** Token counts of a step or a run; the counts are disjoint (core.md §1.5: input is uncached input only). */
export interface UsageCounts {
  readonly input: number;
  /** Cache-read input tokens. */
  readonly cached: number;
  readonly cacheWrite: number;
  readonly output: number;
  readonly reasoning: number;
}

export interface StepUsage extends UsageCounts {
  /** The turn and step numbers the usage records name (data.turn, data.step). */
  readonly turn: number;
  readonly step: number;
  /** `chunks`: the sum of the step's `usage` chunks; `message`: its assistant/message usage. */
  readonly from: 'chunks' | 'message';
}

export const NO_USAGE: UsageCounts = { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };

/**
 * Tokens per step, the one definition every figure uses: the sum of the step's `usage` chunks
 * (failed attempts of a step leave only a chunk), else its `assistant/message.usage` (core.md
 * §1.5). Steps are keyed by the (turn, step) their usage records name, in order of first record;
 * absent counts are 0.
 */
export function stepUsage(activity: ActivityIndex): StepUsage[] {
  interface Acc { turn: number; step: number; chunks: number[]; message: number[]; hasChunks: boolean; hasMessage: boolean }
  const byKey = new Map<string, Acc>();
  const order: Acc[] = [];
  const n = activity.usageSeq.length;
  const cols = [activity.usageIn, activity.usageCacheRead, activity.usageCacheWrite, activity.usageOut, activity.usageReasoning];
  for (let i = 0; i < n; i++) {
    const turn = activity.usageTurn.at(i), step = activity.usageStep.at(i), key = `${turn}:${step}`;
    let acc = byKey.get(key);
    if (!acc) { acc = { turn, step, chunks: [0, 0, 0, 0, 0], message: [0, 0, 0, 0, 0], hasChunks: false, hasMessage: false }; byKey.set(key, acc); order.push(acc); }
    const chunk = activity.usageFrom.at(i) === USAGE_CHUNK;
    const into = chunk ? acc.chunks : acc.message;
    if (chunk) acc.hasChunks = true; else acc.hasMessage = true;
    for (let k = 0; k < cols.length; k++) into[k] += Math.max(0, cols[k].at(i));
  }
  return order.map((a) => {
    const c = a.hasChunks ? a.chunks : a.message;
    return { turn: a.turn, step: a.step, from: a.hasChunks ? 'chunks' : 'message', input: c[0], cached: c[1], cacheWrite: c[2], output: c[3], reasoning: c[4] };
  });
}

/** The run's tokens: the sum over its steps (stepUsage). */
export function usageTotals(activity: ActivityIndex): UsageCounts {
  const t = { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };
  for (const s of stepUsage(activity)) {
    t.input += s.input; t.cached += s.cached; t.cacheWrite += s.cacheWrite; t.output += s.output; t.reasoning += s.reasoning;
  }
  return t;
}
