import { describe, expect, it } from 'vitest';
import { libraryEntryFor, verdictLabel } from './entry';
import { selectEntries } from './library';

const facts = (over = {}) => ({
  encoding: 'jsonl' as const, container: 'log' as const, verdict: { ok: true }, storedEventCount: 12,
  header: { id: 'session-a', createdAt: 100 }, ...over,
});

describe('libraryEntryFor', () => {
  it('keeps file facts and header links only', () => {
    const e = libraryEntryFor(facts({ header: { id: 'c', createdAt: 5, parentSession: 'p', seedLength: 9 } }), { id: 'k', name: 'c.jsonl', size: 42, now: 7 });
    expect(e).toEqual({ id: 'k', name: 'c.jsonl', size: 42, addedAt: 7, sessionId: 'c', createdAt: 5, parentSession: 'p', seedLength: 9, verdict: { ok: true }, eventCount: 12, encoding: 'jsonl' });
  });
  it('labels refusals, ZIPs and fixtures', () => {
    const bad = libraryEntryFor(facts({ verdict: { ok: false, kind: 'corrupt', message: 'Line 3' } }), { id: 'k', name: 'x', size: 1, now: 0 });
    expect(verdictLabel(bad)).toBe('refused (corrupt)');
    expect(libraryEntryFor(facts({ container: 'zip' }), { id: 'k', name: 'x', size: 1, now: 0 }).encoding).toBe('zip');
    const fx = libraryEntryFor(facts({ container: 'fixture', verdict: { ok: false, kind: 'corrupt' } }), { id: 'k', name: 'x', size: 1, now: 0 });
    expect(verdictLabel(fx)).toBe('fixture mode · DSH: refused (corrupt)');
  });
});

describe('selectEntries (library list)', () => {
  const mk = (id: string, name: string, addedAt: number, size: number, sessionId?: string) =>
    libraryEntryFor(facts({ header: sessionId ? { id: sessionId, createdAt: addedAt } : undefined }), { id, name, size, now: addedAt });
  const all = [mk('1', 'alpha.jsonl', 1, 30, 'session-x'), mk('2', 'Beta.zip', 3, 10, 'session-y'), mk('3', 'gamma.jsonl.zstd', 2, 20)];
  it('searches names and session ids, case-insensitively', () => {
    expect(selectEntries(all, 'BETA', 'added').map((e) => e.id)).toEqual(['2']);
    expect(selectEntries(all, 'session-x', 'added').map((e) => e.id)).toEqual(['1']);
  });
  it('sorts by added (newest first), name, size', () => {
    expect(selectEntries(all, '', 'added').map((e) => e.id)).toEqual(['2', '3', '1']);
    expect(selectEntries(all, '', 'name').map((e) => e.id)).toEqual(['1', '2', '3']);
    expect(selectEntries(all, '', 'size').map((e) => e.id)).toEqual(['1', '3', '2']);
  });
});
