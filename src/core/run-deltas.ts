import type { ActivityIndex } from './activity';
import type { EventLog } from './event-log';
import type { RunItems } from './run-items';
import { usageTotals } from './step-usage';

/** One figure of both runs: A's, B's and B − A. */
export interface Delta {
  readonly a: number;
  readonly b: number;
  readonly delta: number;
}

export interface RunDeltas {
  readonly turns: Delta;
  readonly steps: Delta;
  /** Tool calls (`tool/call` events) in all, and per tool name (sorted by name). */
  readonly toolCalls: Delta;
  readonly toolCallsByTool: readonly ToolDelta[];
  /** Tool results that failed (`error` present or `isError`). */
  readonly toolErrors: Delta;
  /** Tokens per step as stepUsage defines them, summed over the run. */
  readonly tokens: { readonly input: Delta; readonly cached: Delta; readonly output: Delta; readonly reasoning: Delta };
  /** Last minus first event time, ms (events read from the file; times may go backwards). */
  readonly wallMs: Delta;
  readonly compactions: Delta;
  readonly prunes: Delta;
}

export interface ToolDelta extends Delta {
  readonly tool: string;
}

/** What the deltas are computed from, for one run. */
export interface RunFacts {
  readonly log: EventLog;
  readonly activity: ActivityIndex;
  readonly items: RunItems;
}

const delta = (a: number, b: number): Delta => ({ a, b, delta: b - a });

function wallMs(log: EventLog): number {
  const n = Math.min(log.length, log.synthesizedFrom);
  let lo = Infinity, hi = -Infinity;
  for (let s = 0; s < n; s++) {
    const t = log.timeAt(s);
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return hi >= lo ? hi - lo : 0;
}

function callsByTool(act: ActivityIndex): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < act.callName.length; i++) {
    const name = act.toolNames[act.callName.at(i)];
    out.set(name, (out.get(name) ?? 0) + 1);
  }
  return out;
}

function errors(act: ActivityIndex): number {
  let n = 0;
  for (let i = 0; i < act.resultError.length; i++) n += act.resultError.at(i);
  return n;
}

/** The summary figures of two runs and their differences (issue §2). Reads columns only. */
export function deriveRunDeltas(a: RunFacts, b: RunFacts): RunDeltas {
  const ca = callsByTool(a.activity), cb = callsByTool(b.activity);
  const byTool = [...new Set([...ca.keys(), ...cb.keys()])].sort().map((tool) => ({ tool, ...delta(ca.get(tool) ?? 0, cb.get(tool) ?? 0) }));
  const ta = usageTotals(a.activity), tb = usageTotals(b.activity);
  return {
    turns: delta(a.activity.turnStartSeq.length, b.activity.turnStartSeq.length),
    steps: delta(a.activity.stepStartSeq.length, b.activity.stepStartSeq.length),
    toolCalls: delta(a.activity.callSeq.length, b.activity.callSeq.length),
    toolCallsByTool: byTool,
    toolErrors: delta(errors(a.activity), errors(b.activity)),
    tokens: { input: delta(ta.input, tb.input), cached: delta(ta.cached, tb.cached), output: delta(ta.output, tb.output), reasoning: delta(ta.reasoning, tb.reasoning) },
    wallMs: delta(wallMs(a.log), wallMs(b.log)),
    compactions: delta(a.items.compactions, b.items.compactions),
    prunes: delta(a.items.prunes, b.items.prunes),
  };
}
