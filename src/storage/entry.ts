/** Library metadata for a loaded file: read from the load summary, never derived state. Pure. */
import type { LibraryEntry } from './library';

export interface LoadedFacts {
  readonly encoding: 'jsonl' | 'zstd';
  readonly container?: 'log' | 'fixture' | 'zip';
  readonly verdict: { readonly ok: boolean; readonly kind?: string; readonly message?: string };
  readonly header?: { readonly id: string; readonly createdAt: number; readonly parentSession?: string; readonly seedLength?: number };
  readonly storedEventCount: number;
}

export function libraryEntryFor(s: LoadedFacts, file: { id: string; name: string; size: number; now: number }): LibraryEntry {
  const v = s.verdict;
  const h = s.header;
  return {
    id: file.id, name: file.name, size: file.size, addedAt: file.now,
    ...(h ? { sessionId: h.id, createdAt: h.createdAt } : {}),
    ...(h?.parentSession !== undefined ? { parentSession: h.parentSession } : {}),
    ...(h?.seedLength !== undefined ? { seedLength: h.seedLength } : {}),
    verdict: v.ok ? { ok: true } : { ok: false, ...(v.kind !== undefined ? { kind: v.kind } : {}), ...(v.message !== undefined ? { message: v.message.slice(0, 500) } : {}) },
    eventCount: s.storedEventCount,
    encoding: s.container === 'zip' ? 'zip' : s.container === 'fixture' ? 'fixture' : s.encoding,
  };
}

/** One line for the list: `ok`, `refused (corrupt)`, `fixture · refused (…)`. */
export function verdictLabel(e: Pick<LibraryEntry, 'verdict' | 'encoding'>): string {
  const v = e.verdict.ok ? 'ok' : `refused (${e.verdict.kind ?? 'unknown'})`;
  return e.encoding === 'fixture' ? `fixture mode · DSH: ${v}` : v;
}
