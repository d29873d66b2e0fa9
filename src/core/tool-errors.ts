import type { Overview } from './overview';

/** A failed tool call: its call's seq, its result's seq (the same for a result no call announced), its tool. */
export interface FailedToolCall {
  readonly call: number;
  readonly result: number;
  readonly tool: string;
}

/**
 * The failed tool calls, in call order: each tool call whose appended result is an error (an
 * `isError` block or a `data.error`), as the overview pairs them, so every view, the error list
 * and the overview's "N errors" count the same calls.
 */
export function failedToolCalls(o: Overview | undefined): FailedToolCall[] {
  const out: FailedToolCall[] = [];
  if (o) for (let k = 0; k < o.toolCall.length; k++) {
    if (o.toolError[k] && o.toolResult[k] >= 0) out.push({ call: o.toolCall[k], result: o.toolResult[k], tool: o.toolNames[o.toolName[k]] ?? '?' });
  }
  return out;
}
