import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { SessionQueries } from './queries';

describe('Compare aligned by replacement', () => {
  it('puts each transcript message beside the surface node that stands for it, through replace chains', async () => {
    const r = await loadBytes(new Uint8Array(readFileSync('public/demo/demo.jsonl')), { now: 0 });
    const q = new SessionQueries(r), t = r.timeline!, lin = r.lineage!;
    const last = r.session!.log.length - 1;
    const cursors = [...Array.from(t.replacementSeqs).flatMap((s) => [s - 1, s]), Math.floor(last / 2), last];
    let chained = 0;
    for (const n of cursors) {
      const c = q.compare(n);
      expect(Array.from(c.left)).toEqual(t.surfaceAt(n));
      expect(Array.from(c.right).sort((a, b) => a - b)).toEqual(t.transcriptAt(n));
      const onSurface = new Set(t.surfaceAt(n));
      for (let i = 0; i < c.left.length; i++) {
        const seg = Array.from(c.right.subarray(c.rightStart[i], c.rightStart[i + 1]));
        // the messages a block spans: those whose replacement chain, as of n, ends at its node
        const want = t.transcriptAt(n).filter((m) => {
          const chain = lin.replacementChain(m).filter((x) => x <= n);
          return chain[chain.length - 1] === c.left[i];
        });
        expect(seg, `block ${c.left[i]} at ${n}`).toEqual(want);
        expect(c.replacement[i]).toBe(onSurface.has(c.left[i]) && !t.transcriptSeqs.includes(c.left[i]) ? 1 : 0);
        if (c.replacement[i] && want.some((m) => lin.replacementChain(m).filter((x) => x <= n).length > 2)) chained++;
      }
    }
    expect(chained).toBeGreaterThan(0);
  });
});
