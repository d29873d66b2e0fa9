import { REQ_ESTIMATED, type Overview } from '../../core/overview';
import type { OverviewStats } from '../../core/overview-stats';
import { contextTokens, fmtInt, fmtMs, stepNumber, windowAt } from './hover';

const tokens = (n: number) => (n < 0 ? '–' : fmtInt(n));
const plural = (n: number, one: string, many = `${one}s`) => `${fmtInt(n)} ${n === 1 ? one : many}`;

/** One line of the headline numbers. */
export function statsLine(s: OverviewStats): string {
  const parts = [plural(s.turns, 'turn'), plural(s.steps, 'step'), plural(s.requests, 'request'),
    `${plural(s.toolCalls, 'tool call')}${s.toolErrors ? ` (${plural(s.toolErrors, 'error')})` : ''}`,
    `tokens in ${tokens(s.tokens.input)} / out ${tokens(s.tokens.output)}${s.tokens.cacheRead >= 0 ? ` / cache read ${tokens(s.tokens.cacheRead)}` : ''}${s.tokens.estimated ? ` (${fmtInt(s.tokens.estimated)} estimated)` : ''}`,
    plural(s.compactions, 'compaction'), plural(s.prunes, 'prune')];
  return parts.join(' · ');
}

/** Rows of the numbers table: label, then one cell per stats column. */
export function statsRows(cols: readonly OverviewStats[]): string[][] {
  const row = (label: string, f: (s: OverviewStats) => string) => [label, ...cols.map(f)];
  return [
    row('Turns', (s) => fmtInt(s.turns)),
    row('Steps', (s) => fmtInt(s.steps)),
    row('Requests', (s) => fmtInt(s.requests) + (s.tokens.estimated ? ` (${fmtInt(s.tokens.estimated)} estimated)` : '')),
    row('Input tokens (uncached)', (s) => tokens(s.tokens.input)),
    row('Cache read tokens', (s) => tokens(s.tokens.cacheRead)),
    row('Cache write tokens', (s) => tokens(s.tokens.cacheWrite)),
    row('Output tokens', (s) => tokens(s.tokens.output)),
    row('Reasoning tokens', (s) => tokens(s.tokens.reasoning)),
    row('Tool calls', (s) => fmtInt(s.toolCalls)),
    row('Tool errors', (s) => fmtInt(s.toolErrors)),
    row('Compactions', (s) => fmtInt(s.compactions)),
    row('Tokens shadowed by compactions (DSH\'s count)', (s) => fmtInt(s.compactionSaved)),
    row('Prunes', (s) => fmtInt(s.prunes)),
    row('Tokens shadowed by prunes (DSH\'s count)', (s) => fmtInt(s.pruneSaved)),
  ];
}

/** Rows of the tools table: name, calls, total, p95, errors. */
export function toolRows(s: OverviewStats): string[][] {
  return s.tools.map((t) => [t.name, fmtInt(t.count), fmtMs(t.totalMs), t.timed ? fmtMs(t.p95Ms) : '–', fmtInt(t.errors)]);
}

export const REQUEST_COLUMNS = ['Seq', 'Step', 'Context', 'Input', 'Cache read', 'Cache write', 'Output', 'Reasoning', 'Window', 'To first chunk', 'Decoding', 'Step time'];

/** One row per request in [lo, hi] (at most `cap`), the same numbers the chart's hover shows. */
export function requestRows(o: Overview, lo: number, hi: number, cap: number): { rows: string[][]; total: number } {
  const rows: string[][] = [];
  let total = 0;
  for (let r = 0; r < o.reqSeq.length; r++) {
    const seq = o.reqSeq[r];
    if (seq < lo || seq > hi) continue;
    total++;
    if (rows.length >= cap) continue;
    const i = o.reqStep[r], est = o.reqFlags[r] & REQ_ESTIMATED ? '~' : '';
    const w = windowAt(o, seq);
    rows.push([
      String(seq), i >= 0 ? `${o.stepTurn[i]}.${stepNumber(o, i)}` : '–', est + fmtInt(contextTokens(o, r)), est + tokens(o.reqIn[r]), tokens(o.reqCacheRead[r]),
      tokens(o.reqCacheWrite[r]), est + tokens(o.reqOut[r]), tokens(o.reqReasoning[r]), w >= 0 ? fmtInt(w) : '–',
      i >= 0 && o.stepFirst[i] >= 0 ? fmtMs(o.stepTFirst[i] - o.stepT0[i]) : '–', i >= 0 && o.stepFirst[i] >= 0 ? fmtMs(o.stepTLast[i] - o.stepTFirst[i]) : '–',
      i >= 0 ? fmtMs(o.stepT1[i] - o.stepT0[i]) : '–',
    ]);
  }
  return { rows, total };
}
