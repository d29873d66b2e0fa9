import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTourAgainst, validateTour } from '../core/tour';
import { deriveBuiltinTour } from '../core/tour-builtin';
import { describeCompaction } from '../core/compaction-format';
import type { Compaction } from '../core/compaction';
import { NO_TOKENS } from '../core/tokens';
import { compactionsOf } from './compactions';
import { synthesize } from '../synth/synthesizer';
import { synthesizeFork } from '../synth/fork';
import { formatJsonl } from '../synth/write';
import { loadBytes, type LoadResult } from './load';
import { deriveTourFacts, messageTextChars } from './tour-facts';

const demo = (name: string) => new Uint8Array(readFileSync(resolve(__dirname, '../../public/demo', name)));
const load = (text: string | Uint8Array) => loadBytes(typeof text === 'string' ? new TextEncoder().encode(text) : text, { now: 0 });

function tourOf(r: LoadResult) {
  const facts = deriveTourFacts(r, 'f'.repeat(64));
  if (!facts) throw new Error('no facts');
  return deriveBuiltinTour(facts);
}

describe('deriveBuiltinTour', () => {
  it('has one step per compaction and per prune of a synthesized log, each with the counts the core gives', async () => {
    const s = synthesize({ seed: 11, events: 6000, contextTokens: 12000 });
    expect(s.stats.compactions).toBeGreaterThan(1);
    expect(s.stats.prunes).toBeGreaterThan(1);
    const r = await load(formatJsonl(s.header, s.events));
    const tour = tourOf(r);
    const compactionSteps = tour.steps.filter((x) => x.caption.startsWith('Compaction at'));
    const pruneSteps = tour.steps.filter((x) => x.caption.startsWith('Prune at'));
    expect(compactionSteps.map((x) => x.seq)).toEqual(Array.from(r.timeline!.compactionSeqs));
    expect(compactionSteps.length).toBe(s.stats.compactions);
    expect(pruneSteps.length).toBe(r.timeline!.replacementSeqs.length - r.timeline!.compactionSeqs.length);
    const list = compactionsOf(r);
    for (const step of [...compactionSteps, ...pruneSteps]) {
      const c = list.find((x) => x.replacementSeq === step.seq)!;
      expect(step.caption, 'the caption is the core definition\'s sentence').toBe(describeCompaction(c));
      expect(step.caption).toContain(`${c.kind === 'compaction' ? 'Compaction' : 'Prune'} at seq ${c.seq} `);
      expect(r.session!.log.typeAt(c.seq)).toBe(c.kind === 'compaction' ? 'compaction/start' : 'compaction/prune');
      expect(step.caption).toContain(`by DSH's count`);
    }
    const seqs = tour.steps.map((x) => x.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(validateTour(JSON.parse(JSON.stringify(tour)))).toEqual({ ok: true, tour });
    expect(checkTourAgainst(tour, { id: s.header.id, sha256: 'f'.repeat(64), length: r.session!.length })).toEqual([]);
  });

  it('the demo session has one compaction step per compaction the core counts', async () => {
    const r = await load(demo('demo.jsonl'));
    const tour = tourOf(r);
    expect(tour.steps.filter((x) => x.caption.startsWith('Compaction at')).length).toBe(r.timeline!.compactionSeqs.length);
    expect(r.timeline!.compactionSeqs.length).toBeGreaterThan(0);
  });

  it('names crash-repair closers, the fork point, header changes and a refusal', async () => {
    const crash = await load(demo('crash.jsonl'));
    const closers = crash.closers.map((c) => c.seq);
    expect(closers.length).toBeGreaterThan(0);
    const repair = tourOf(crash).steps.find((x) => x.caption.startsWith('Crash repair'));
    expect(repair).toMatchObject({ seq: closers[closers.length - 1], selection: closers[0] });
    expect(repair!.caption).toContain(`${closers.length} closers (seq ${closers[0]}–${closers[closers.length - 1]})`);

    const f = synthesizeFork({ seed: 5, events: 800 });
    const child = await load(formatJsonl(f.child.header, f.child.events));
    const seed = f.child.header.seedLength!;
    const fork = tourOf(child).steps.find((x) => x.caption.startsWith('Fork point'));
    expect(fork).toMatchObject({ seq: seed - 1, caption: expect.stringContaining(`seq 0–${seed - 1} (${seed} events) are inherited from session ${f.parent.header.id}`) });
    const headerSteps = tourOf(child).steps.filter((x) => x.caption.startsWith('The request header changed'));
    expect(headerSteps.length).toBeLessThanOrEqual(child.timeline!.headerSeqs.length - 1);
    for (const h of headerSteps) expect(child.session!.log.event(h.seq).type).toBe('request/header');

    const refused = await load(demo('refused.jsonl'));
    expect(refused.verdict.ok).toBe(false);
    const step = tourOf(refused).steps.find((x) => x.caption.startsWith('DSH refuses'));
    expect(step!.caption).toBe(`DSH refuses this log: ${(refused.verdict as { message: string }).message}`);
    expect(step!.seq).toBeLessThan(refused.session!.length);
  });

  it('estimates tokens where the log records none, and says so', () => {
    const c: Compaction = { kind: 'compaction', seq: 8, endSeq: 11, replacementSeq: 10, summarySeq: 9, replaced: [3, 4], estimatedTokens: { tokens: 1500, fromUsage: 0, fromChars: 2 } };
    const tour = deriveBuiltinTour({
      sessionId: 's', length: 12, compactions: [c], replacementSeqs: [10], headerSeqs: [], closerSeqs: [],
      shadowedBy: () => [3, 4], tokensOf: () => NO_TOKENS, headerAt: () => undefined, diffHeaders: () => [],
    });
    expect(tour.steps[0].caption).toBe('This session has 12 events (seq 0–11), 1 compaction, 0 prunes and 0 request-header changes.');
    expect(tour.steps[1]).toMatchObject({ seq: 10, selection: 10, view: 'compare' });
    expect(tour.steps[1].caption).toBe('Compaction at seq 8 (seq 8–11): its checkpoint at seq 10 replaced 2 messages (≈1,500 tokens estimated as characters ÷ 4) with a summary.');
  });
});

describe('messageTextChars', () => {
  it('counts text, tool arguments and nested tool-result text, and ignores odd shapes', () => {
    expect(messageTextChars({ content: [{ type: 'text', text: 'abcd' }, { type: 'tool-call', arguments: '{}' }, { type: 'tool-result', content: [{ type: 'text', text: 'xyz' }] }] })).toBe(9);
    for (const odd of [null, 7, 'text', [], { content: 5 }, { content: [null, 3, { text: 9 }] }]) expect(messageTextChars(odd)).toBe(0);
    let deep: unknown = { type: 'text', text: 'a' };
    for (let i = 0; i < 5000; i++) deep = { content: [deep] };
    expect(messageTextChars({ content: [deep] })).toBe(1);
  });
});
