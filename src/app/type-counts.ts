/** Events per type and per family through a seq, for the Family filter (issue 14 §12). */
import { eventFamily } from '../core/catalog';
import { client } from './session-client';

export interface CountsThrough {
  readonly seq: number;
  readonly types: ReadonlyMap<string, number>;
  readonly families: ReadonlyMap<string, number>;
}

/** Asks the worker for the counts at seqs 0..seq (one pass over the type column). */
export async function countsThrough(seq: number): Promise<CountsThrough> {
  const pairs = await client.request('typeCountsThrough', seq);
  const families = new Map<string, number>();
  for (const [type, n] of pairs) { const f = eventFamily(type); families.set(f, (families.get(f) ?? 0) + n); }
  return { seq, types: new Map(pairs), families };
}

/** `name (3 of 40)` through the cursor, or `name (40)` before the counts are known. */
export function countLabel(name: string, total: number, through: number | undefined): string {
  return through === undefined ? `${name} (${total.toLocaleString('en-US')})` : `${name} (${through.toLocaleString('en-US')} of ${total.toLocaleString('en-US')})`;
}
