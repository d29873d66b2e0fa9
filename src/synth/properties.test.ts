import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { synthesize } from './generate';
import { encodeZstd, formatJsonl } from './write';

const utf8 = new TextEncoder();

describe('synthesizer output always loads', () => {
  it('loads with verdict ok for any seed and size, plain or zstd, crashed or not', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 40, max: 1500 }), fc.boolean(), fc.boolean(),
      async (seed, events, crash, zstd) => {
        const r = synthesize({ seed, events, crash });
        const bytes = zstd ? await encodeZstd(r.header, r.events) : utf8.encode(formatJsonl(r.header, r.events));
        const res = await loadBytes(bytes, { now: 0 });
        expect(res.verdict).toEqual({ ok: true });
        expect(res.storedEventCount).toBe(r.events.length);
        // a crash leaves an open turn that repair must close; a clean run needs no closers
        expect(res.closers.length > 0).toBe(crash);
        expect(res.diagnostics).toEqual([]);
      },
    ), { numRuns: 25 });
  });
});
