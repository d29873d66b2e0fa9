/** The Diff of two moments equals what fresh folds of the two prefixes say (decisions §5). */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { eventFamily } from './catalog';
import { diffMoments } from './moment-diff';
import { RangeCounts } from './range-counts';
import { foldRequestHeader } from './request-header';
import { Session } from './session';
import { messageTokens } from './tokens';

describe('diffMoments', () => {
  it('equals a fresh fold at A and at B on a log with compactions and prunes', async () => {
    const r = await loadBytes(new Uint8Array(readFileSync('public/demo/demo.jsonl')), { now: 0 });
    const log = r.session!.log, t = r.timeline!, counts = new RangeCounts(log);
    const events = r.session!.events();
    expect(t.compactionSeqs.length).toBeGreaterThan(0);
    expect(t.replacementSeqs.length).toBeGreaterThan(t.compactionSeqs.length);
    const fresh = (n: number) => Session.create(r.header!, events.slice(0, n + 1));
    const check = (a: number, b: number) => {
      const d = diffMoments(t, log, counts, a, b);
      const fa = fresh(a), fb = fresh(b);
      const sa = fa.surfaceSeqs(), sb = fb.surfaceSeqs();
      expect(d.added).toEqual(sb.filter((s) => !sa.includes(s)));
      expect(d.removed).toEqual(sa.filter((s) => !sb.includes(s)));
      expect(d.replaced).toEqual(d.added.filter((s) => typeof events[s].surfaceOp === 'object'));
      expect(d.messagesA).toBe(fa.messages().length);
      expect(d.messagesB).toBe(fb.messages().length);
      const total = (ss: number[]) => ss.reduce((n, s) => n + messageTokens(events[s]).tokens, 0);
      expect(d.tokensAdded.tokens - d.tokensRemoved.tokens).toBe(total(sb) - total(sa));
      const lo = Math.min(a, b), hi = Math.max(a, b);
      const fams = new Map<string, number>();
      for (const e of events.slice(lo + 1, hi + 1)) fams.set(e.type, (fams.get(e.type) ?? 0) + 1);
      expect(new Map(d.events.map((c) => [c.type, c.count]))).toEqual(fams);
      for (const c of d.events) expect(events[c.first].type).toBe(c.type);
      const ha = foldRequestHeader(events.slice(0, a + 1)), hb = foldRequestHeader(events.slice(0, b + 1));
      if (JSON.stringify(ha) === JSON.stringify(hb)) expect(d.header.config.length + d.header.tools.length + (d.header.system ? 1 : 0)).toBe(0);
      expect(eventFamily(events[d.header.seqB]?.type ?? 'request/header')).toBe('request');
    };
    // around every replacement (the interesting moments), then random pairs
    for (const s of t.replacementSeqs) check(s - 1, s);
    check(0, events.length - 1);
    fc.assert(fc.property(fc.integer({ min: 0, max: events.length - 1 }), fc.integer({ min: 0, max: events.length - 1 }), (a, b) => { check(a, b); }), { numRuns: 25 });
  });
});
