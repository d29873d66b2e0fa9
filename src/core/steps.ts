import type { EventLog } from './event-log';

export interface StepRequests {
  /** step/start seqs, ascending. */
  readonly stepSeqs: Int32Array;
  /**
   * Per step, the seq its model request was made at (decisions §5): the seq just before the step's
   * first `assistant/chunk`, else just before its `assistant/message`; -1 when the step has neither.
   */
  readonly requestSeqs: Int32Array;
}

/** Steps and their request moments, from the type column (one pass, no event parse). */
export function stepRequests(log: EventLog): StepRequests {
  const steps: number[] = [], reqs: number[] = [];
  const n = log.length;
  for (let s = 0; s < n; s++) {
    if (log.isChunkAt(s)) {
      if (steps.length && reqs[reqs.length - 1] < 0) reqs[reqs.length - 1] = s - 1;
      continue;
    }
    const t = log.typeAt(s);
    if (t === 'step/start') { steps.push(s); reqs.push(-1); }
    else if (t === 'assistant/message' && steps.length && reqs[reqs.length - 1] < 0) reqs[reqs.length - 1] = s - 1;
  }
  return { stepSeqs: Int32Array.from(steps), requestSeqs: Int32Array.from(reqs) };
}
