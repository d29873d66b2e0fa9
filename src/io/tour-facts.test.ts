import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTourAgainst, validateTour } from '../core/tour';
import { deriveBuiltinTour, formatTokens } from '../core/tour-builtin';
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
    for (const step of compactionSteps) {
      const shadowed = r.lineage!.shadowedBy(step.seq).length;
      const summary = r.session!.log.event(step.seq - 1);
      expect(summary.type).toBe('compaction/summary');
      expect(step.caption).toBe(`Compaction at seq ${step.seq} replaced ${shadowed} messages (about ${formatTokens(summary.data.shadowedTokenCount)} tokens) with a summary.`);
    }
    for (const step of pruneSteps) {
      const prune = r.session!.log.event(step.seq - 1);
      expect(prune.type).toBe('compaction/prune');
      expect(step.caption).toContain(`(about ${formatTokens(prune.data.shadowedTokenCount)} tokens)`);
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

  it('estimates tokens from characters ÷ 4 where the log records none, and says so', () => {
    const events = new Map<number, { type: string; data: unknown }>([[9, { type: 'user/message', data: {} }]]);
    const tour = deriveBuiltinTour({
      sessionId: 's', length: 12, compactionSeqs: [10], replacementSeqs: [10], headerSeqs: [], closerSeqs: [],
      shadowedBy: () => [3, 4], eventAt: (s) => events.get(s), messageChars: (s) => (s === 3 ? 4000 : 2000),
      headerAt: () => undefined, diffHeaders: () => [],
    });
    expect(tour.steps[1].caption).toBe('Compaction at seq 10 replaced 2 messages (about 1.5k tokens, estimated from characters ÷ 4) with a summary.');
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
