/**
 * The views read the core's one definition of a compaction (src/core/compaction.ts): the
 * Transcript marker's card, Compare's replacement blocks and the overview's marks all name the
 * same compaction, starting at the same seq, with the same token figures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeCompaction } from '../core/compaction-format';
import { compactionsOf } from '../io/compactions';
import { loadBytes } from '../io/load';
import { hoverLines } from '../ui/overview/hover';
import { SessionQueries } from './queries';

const demo = async () => loadBytes(new Uint8Array(readFileSync('public/demo/demo.jsonl')), { now: 0 });

describe('views of a compaction', () => {
  it('the Transcript marker of a checkpoint carries its compaction', async () => {
    const r = await demo();
    const q = new SessionQueries(r);
    const list = compactionsOf(r).filter((c) => c.kind === 'compaction');
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) {
      const card = q.card(c.replacementSeq!);
      expect(card.compaction?.definition).toEqual(c);
      expect(r.session!.log.typeAt(card.compaction!.definition!.seq)).toBe('compaction/start');
    }
  });
  it('Compare gives each replacement block its compaction or prune, and none to the rest', async () => {
    const r = await demo();
    const q = new SessionQueries(r), list = compactionsOf(r);
    let named = 0;
    for (const c of list) {
      const info = q.compare(c.replacementSeq!);
      for (let i = 0; i < info.left.length; i++) {
        const want = list.find((x) => x.replacementSeq === info.left[i]) ?? null;
        expect(info.compactions[i], `block ${info.left[i]} at ${info.seq}`).toEqual(info.replacement[i] ? want : null);
        if (info.compactions[i]) named++;
      }
      // at the checkpoint the compaction's end is one seq later: the caption says so
      const own = info.compactions[Array.from(info.left).indexOf(c.replacementSeq!)];
      if (own && (own.endSeq ?? 0) > info.seq) expect(describeCompaction(own, info.seq)).toContain('ending later than the cursor');
    }
    expect(named).toBeGreaterThan(0);
  });
  it('the overview names each compaction by its start and gives DSH\'s count', async () => {
    const r = await demo();
    const o = new SessionQueries(r).overview()!;
    const list = compactionsOf(r).filter((c) => c.kind === 'compaction');
    expect(Array.from(o.compSeq)).toEqual(list.map((c) => c.replacementSeq));
    expect(Array.from(o.compStart)).toEqual(list.map((c) => c.seq));
    expect(Array.from(o.compSaved)).toEqual(list.map((c) => c.recordedTokens ?? -1));
    const lines = hoverLines(o, { x: 0, seq: o.compSeq[0], req: -1, step: -1, tool: -1, comp: 0, prune: -1 }, o.last);
    expect(lines).toContain(`Compaction at seq ${list[0].seq} (checkpoint at seq ${list[0].replacementSeq}): ${list[0].recordedTokens!.toLocaleString('en-US')} tokens shadowed by DSH's count`);
  });
});
