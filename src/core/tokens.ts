import { isPlainRecord } from './errors';
import { deriveEventMessage } from './messages';
import type { SessionEvent } from './types';

/** A token figure and where it came from: the log's usage, or characters ÷ 4 (an estimate). */
export interface TokenFigure {
  readonly tokens: number;
  /** Messages counted from the log's usage figures, and from characters ÷ 4. */
  readonly fromUsage: number;
  readonly fromChars: number;
}

export const NO_TOKENS: TokenFigure = { tokens: 0, fromUsage: 0, fromChars: 0 };

/** Characters of every string inside `v` (keys excluded), walked iteratively so any depth works. */
export function stringChars(v: unknown): number {
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') n += x.length;
    else if (Array.isArray(x)) for (const y of x) stack.push(y);
    else if (isPlainRecord(x)) for (const k in x) stack.push(x[k]);
  }
  return n;
}

/**
 * Tokens of the message an event contributes (decisions §5): an assistant message's
 * `usage.outputTokens` when the log has it, otherwise its content's characters ÷ 4 (rounded up).
 * An event that contributes no message counts nothing.
 */
export function messageTokens(e: SessionEvent): TokenFigure {
  const m = deriveEventMessage(e);
  if (!m) return NO_TOKENS;
  const usage = e.type === 'assistant/message' && isPlainRecord(e.data) && isPlainRecord(e.data.usage) ? e.data.usage.outputTokens : undefined;
  if (typeof usage === 'number' && Number.isFinite(usage) && usage >= 0) return { tokens: usage, fromUsage: 1, fromChars: 0 };
  return { tokens: Math.ceil(stringChars((m as { content?: unknown }).content) / 4), fromUsage: 0, fromChars: 1 };
}

export function addTokens(a: TokenFigure, b: TokenFigure): TokenFigure {
  return { tokens: a.tokens + b.tokens, fromUsage: a.fromUsage + b.fromUsage, fromChars: a.fromChars + b.fromChars };
}
