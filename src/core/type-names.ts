/**
 * Event type names interned to 16-bit ids, for a log's type column. `assistant/chunk` is id 0 (a
 * column read answers "is this a chunk?"); past 65,535 distinct names every further name is
 * OVERFLOW, and its events are read to know their type.
 */
export const CHUNK_TYPE = 'assistant/chunk';
export const OVERFLOW = 65535;

export class TypeNames {
  private readonly names: string[] = [CHUNK_TYPE];
  private readonly ids = new Map<string, number>([[CHUNK_TYPE, 0]]);

  /** The id of an event's `type` (a missing or non-string type is named by its JavaScript type). */
  idOf(type: unknown): number {
    const name = typeof type === 'string' ? type : String(typeof type);
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length < OVERFLOW ? this.names.length : OVERFLOW;
      if (id < OVERFLOW) { this.names.push(name); this.ids.set(name, id); }
    }
    return id;
  }

  /** Number of names with ids of their own. */
  get count(): number {
    return this.names.length;
  }

  nameOf(id: number): string {
    return this.names[id];
  }
}

/**
 * Events per type name over a type column's first `n` ids. An OVERFLOW id's name is not in the
 * column: `nameAt(seq)` reads it from its event.
 */
export function countTypes(ids: Uint16Array, n: number, types: TypeNames, nameAt: (seq: number) => string): Map<string, number> {
  const named = types.count;
  const counts = new Uint32Array(named + 1);
  for (let s = 0; s < n; s++) counts[Math.min(ids[s], named)]++;
  const out = new Map<string, number>();
  for (let id = 0; id < named; id++) if (counts[id]) out.set(types.nameOf(id), counts[id]);
  for (let s = 0; counts[named] && s < n; s++) {
    if (ids[s] === OVERFLOW) { const t = nameAt(s); out.set(t, (out.get(t) ?? 0) + 1); }
  }
  return out;
}
