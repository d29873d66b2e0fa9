/** Pure helpers of the fork comparison (issue 14 §11). */

/** Events at or after the divergence seq `from` in a log of `length` events, and their seq range. */
export function afterFork(length: number, from: number): { count: number; range: string } {
  const count = Math.max(0, length - from);
  return { count, range: count === 0 ? 'none' : count === 1 ? `seq ${from}` : `seq ${from}–${length - 1}` };
}
