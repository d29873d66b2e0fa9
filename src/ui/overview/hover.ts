import { lastAtOrBeforeIn } from '../../core/columns';
import { REQ_ESTIMATED, type Overview } from '../../core/overview';
import { lastAtOrLeft, nearest, type Layout } from './layout';

/** What lies under the pointer at one x: indexes into the overview's columns (-1: nothing). */
export interface Hover {
  readonly x: number;
  /** The seq a click there moves the cursor to. */
  readonly seq: number;
  readonly req: number;
  readonly step: number;
  readonly tool: number;
  readonly comp: number;
  readonly prune: number;
  /** A compressed idle gap under the pointer: its real length. */
  readonly idleMs?: number;
}

export function hoverAt(l: Layout, x: number): Hover {
  const seq = l.axis.seqAt(x);
  const req = lastAtOrLeft(l.req, x + 0.5);
  let step = lastAtOrLeft(l.step0, x + 0.5);
  if (step >= 0 && l.step1[step] + 1 < x) step = -1;
  let tool = -1;
  for (let k = lastAtOrLeft(l.tool0, x + 0.5), n = 0; k >= 0 && n < 16; k--, n++) if (l.tool1[k] + 1 >= x) { tool = k; break; }
  const brk = l.axis.breaks.find((b) => x >= b.x0 && x <= b.x1);
  return { x, seq, req, step, tool, comp: nearest(l.comp, x, 4), prune: nearest(l.prune, x, 4), idleMs: brk?.ms };
}

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (ms: number) => (!Number.isFinite(ms) ? '–' : ms < 10_000 ? `${fmtInt(ms)} ms` : ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`);
const known = (n: number) => (n >= 0 ? n : 0);

/** The context the request sent: uncached input plus cache reads and writes (DSH records them apart). */
export function contextTokens(o: Overview, r: number): number {
  return known(o.reqIn[r]) + known(o.reqCacheRead[r]) + known(o.reqCacheWrite[r]);
}

/** The context window in force at seq (-1: none). */
export function windowAt(o: Overview, seq: number): number {
  const i = lastAtOrBeforeIn(o.winSeq, o.winSeq.length, seq);
  return i >= 0 ? o.winValue[i] : -1;
}

/** 1-based step number within its turn. */
export function stepNumber(o: Overview, i: number): number {
  let k = i;
  while (k > 0 && o.stepTurn[k - 1] === o.stepTurn[i]) k--;
  return i - k + 1;
}

export function requestLine(o: Overview, r: number): string {
  const parts = [`input ${fmtInt(known(o.reqIn[r]))}`];
  if (o.reqCacheRead[r] >= 0) parts.push(`cache read ${fmtInt(o.reqCacheRead[r])}`);
  if (o.reqCacheWrite[r] >= 0) parts.push(`cache write ${fmtInt(o.reqCacheWrite[r])}`);
  const w = windowAt(o, o.reqSeq[r]);
  const est = o.reqFlags[r] & REQ_ESTIMATED;
  return `Request at seq ${o.reqSeq[r]}: context ${est ? '~' : ''}${fmtInt(contextTokens(o, r))} tokens (${parts.join(' + ')})`
    + `${w >= 0 ? ` of ${fmtInt(w)} window` : ''}; output ${est ? '~' : ''}${fmtInt(known(o.reqOut[r]))}`
    + `${o.reqReasoning[r] >= 0 ? ` (reasoning ${fmtInt(o.reqReasoning[r])})` : ''}${est ? '; estimated from the Surface (no usage recorded)' : ''}`;
}

export function stepLine(o: Overview, i: number): string {
  const head = `Step ${o.stepTurn[i]}.${stepNumber(o, i)} (seq ${o.stepStart[i]}–${o.stepEnd[i] >= 0 ? o.stepEnd[i] : 'open'}): `;
  const total = `step ${fmtMs(o.stepT1[i] - o.stepT0[i])}`;
  if (o.stepFirst[i] < 0) return `${head}no chunks; model ${o.stepMessage[i] >= 0 ? fmtMs(o.stepTMessage[i] - o.stepT0[i]) : '–'}; ${total}`;
  return `${head}first chunk after ${fmtMs(o.stepTFirst[i] - o.stepT0[i])}, decoding ${fmtMs(o.stepTLast[i] - o.stepTFirst[i])}; ${total}`;
}

export function toolLine(o: Overview, k: number): string {
  const name = o.toolNames[o.toolName[k]] ?? '?';
  const span = o.toolResult[k] >= 0 ? `seq ${o.toolCall[k]}→${o.toolResult[k]}: ${fmtMs(o.toolT1[k] - o.toolT0[k])}` : `seq ${o.toolCall[k]}: no result`;
  return `Tool ${name} (${span})${o.toolError[k] ? ', error' : ''}`;
}

const saved = (n: number) => (n >= 0 ? `${fmtInt(n)} tokens shadowed by DSH's count` : 'tokens shadowed unknown');

/** The hover's text, one line per thing under the pointer. */
export function hoverLines(o: Overview, h: Hover, cursor: number): string[] {
  const out = [`Seq ${h.seq}${h.seq > cursor ? ` (later than the cursor, seq ${cursor})` : ''}`];
  if (h.idleMs !== undefined) out.push(`Idle ${fmtMs(h.idleMs)} between turns (compressed)`);
  if (h.req >= 0) out.push(requestLine(o, h.req));
  if (h.step >= 0) out.push(stepLine(o, h.step));
  if (h.tool >= 0) out.push(toolLine(o, h.tool));
  // named by its start, as everywhere (src/core/compaction.ts); drawn at its checkpoint
  if (h.comp >= 0) out.push(`Compaction at seq ${o.compStart[h.comp]} (checkpoint at seq ${o.compSeq[h.comp]}): ${saved(o.compSaved[h.comp])}`);
  if (h.prune >= 0) out.push(`Prune at seq ${o.pruneSeq[h.prune]}: ${saved(o.pruneSaved[h.prune])}`);
  return out;
}
