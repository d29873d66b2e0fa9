import { describe, expect, it } from 'vitest';
import { loadBytes, type LoadResult } from '../io/load';
import { compactionsOf } from '../io/compactions';
import { synthesize } from '../synth/synthesizer';
import { formatJsonl } from '../synth/write';
import {
  assistantMessage, compactionCheckpoint, logBytes, replaceOp, stepEnd, stepStart, toolCall, toolResult,
  turnEnd, turnStart, userMessage,
} from '../testing/builders';
import { compactionAt, compactionByReplacement, type Compaction } from './compaction';
import { describeCompaction, formatCompactionTokens, formatCount } from './compaction-format';

const load = (b: Uint8Array) => loadBytes(b, { now: 0 });
const ev = (type: string, seq: number, data: unknown) => ({ type, seq, time: 1000 + seq, data });

/** A turn with a tool result (seq 5), a prune of it (10, 11) and a compaction (12–15) of seqs 1–11. */
function compactedLog(opts: { summaryTokens?: number; pruneTokens?: number; end?: boolean; start?: boolean } = {}) {
  const out: unknown[] = [
    turnStart(0, 1), userMessage(1, 'u1', 'run ls'), stepStart(2, 1, 1),
    assistantMessage(3, 'a1', 'calling', [{ id: 'c1' }]), toolCall(4, 'c1'), toolResult(5, 'r1', 'c1', 'x'.repeat(4000)),
    assistantMessage(6, 'a2', 'done'), stepEnd(7, 1, 1), turnEnd(8, 1), userMessage(9, 'u2', 'more'),
    ev('compaction/prune', 10, { shadowedRange: { start: 5, end: 5 }, shadowedSeqs: [5], ...(opts.pruneTokens !== undefined ? { shadowedTokenCount: opts.pruneTokens } : {}) }),
    { ...toolResult(11, 'r1', 'c1', '[pruned]'), surfaceOp: replaceOp(5, 5), sourceEventSeqs: [5] },
    opts.start === false ? ev('session/title', 12, { title: 't' }) : ev('compaction/start', 12, { compactionId: 'k1', turn: null }),
    ev('compaction/summary', 13, { compactionId: 'k1', summary: [{ type: 'text', text: 'sum' }], shadowedRange: { start: 1, end: 11 }, shadowedSeqs: [1, 3, 6, 9, 11], ...(opts.summaryTokens !== undefined ? { shadowedTokenCount: opts.summaryTokens } : {}), provider: 'p', model: 'm' }),
  ];
  const cp = compactionCheckpoint(14, 'u3', 'checkpoint', replaceOp(1, 11), [12, 13, 1, 3, 6, 9, 11]);
  (cp.data as { source: Record<string, unknown> }).source.compactionId = 'k1';
  out.push(cp);
  if (opts.end !== false) out.push(ev('compaction/end', 15, { compactionId: 'k1', turn: null }));
  return logBytes(out);
}

async function compactions(b: Uint8Array): Promise<{ r: LoadResult; list: readonly Compaction[] }> {
  const r = await load(b);
  expect(r.verdict).toMatchObject({ ok: true });
  return { r, list: compactionsOf(r) };
}

describe('deriveCompactions: one definition of a compaction and a prune', () => {
  it('starts a compaction at its compaction/start and a prune at its compaction/prune, and names the replacement apart', async () => {
    const { r, list } = await compactions(compactedLog({ summaryTokens: 4175, pruneTokens: 1000 }));
    expect(list.map((c) => [c.kind, c.seq, c.endSeq, c.replacementSeq, c.summarySeq])).toEqual([
      ['prune', 10, 11, 11, undefined],
      ['compaction', 12, 15, 14, 13],
    ]);
    const [prune, comp] = list;
    expect(prune.replaced).toEqual([5]);
    expect(comp.replaced).toEqual([...r.lineage!.shadowedBy(14)].sort((a, b) => a - b));
    expect(comp.replaced).toContain(11);
    expect([prune.recordedTokens, comp.recordedTokens]).toEqual([1000, 4175]);
    expect(comp.estimatedTokens).toEqual(r.timeline!.tokensOf(comp.replaced));
    expect(comp.compactionId).toBe('k1');
  });
  it('finds the compaction of any seq in its span and by its replacement', async () => {
    const { list } = await compactions(compactedLog());
    expect([9, 10, 11, 12, 13, 14, 15, 16].map((s) => compactionAt(list, s)?.seq)).toEqual([undefined, 10, 10, 12, 12, 12, 12, undefined]);
    expect(compactionByReplacement(list, 14)?.seq).toBe(12);
    expect(compactionByReplacement(list, 13)).toBeUndefined();
  });
  it('keeps a compaction that has not ended yet open, and one whose start is not in the log starts at its first part', async () => {
    const open = (await compactions(compactedLog({ end: false }))).list.find((c) => c.kind === 'compaction')!;
    expect([open.seq, open.endSeq, open.replacementSeq]).toEqual([12, undefined, 14]);
    expect(describeCompaction(open)).toMatch(/^Compaction at seq 12 \(seq 12–14, not ended\): /);
    const headless = (await compactions(compactedLog({ start: false }))).list.find((c) => c.kind === 'compaction')!;
    expect([headless.seq, headless.summarySeq, headless.replacementSeq, headless.endSeq]).toEqual([13, 13, 14, 15]);
  });
  it('a failed compaction replaced nothing and says why', async () => {
    const b = logBytes([turnStart(0, 1), userMessage(1, 'u', 'x'), ev('compaction/start', 2, { compactionId: 'k', turn: 1 }), ev('compaction/end', 3, { compactionId: 'k', turn: 1, error: 'model overloaded' }), turnEnd(4, 1)]);
    const { list } = await compactions(b);
    expect(list).toHaveLength(1);
    expect(describeCompaction(list[0])).toBe('Compaction at seq 2 (seq 2–3) failed and replaced nothing: model overloaded');
  });
});

describe('compaction captions: every token figure says its source', () => {
  it('gives DSH\'s count and, where it differs, the estimate with its source', async () => {
    const pruned = (await compactions(compactedLog())).list[0].estimatedTokens.tokens;
    const { list } = await compactions(compactedLog({ summaryTokens: 4175, pruneTokens: pruned }));
    const [prune, comp] = list;
    const n = formatCount(pruned);
    const est = comp.estimatedTokens;
    expect(est.tokens).not.toBe(4175);
    expect(formatCompactionTokens(comp)).toBe(`4,175 tokens by DSH's count; ≈${formatCount(est.tokens)} tokens ${est.fromUsage ? `by the log's usage for ${est.fromUsage} and characters ÷ 4 for ${est.fromChars} of the messages` : 'estimated as characters ÷ 4'}`);
    expect(describeCompaction(comp)).toBe(`Compaction at seq 12 (seq 12–15): its checkpoint at seq 14 replaced ${comp.replaced.length} messages (${formatCompactionTokens(comp)}) with a summary.`);
    // DSH's count and the estimate agree here: one figure
    expect(formatCompactionTokens(prune)).toBe(`${n} tokens by DSH's count`);
    expect(describeCompaction(prune)).toBe(`Prune at seq 10 (seq 10–11): its copy at seq 11 replaced the tool result at seq 5 (${n} tokens by DSH's count) with a shorter copy.`);
  });
  it('says the figure is an estimate when DSH recorded none', async () => {
    const { list } = await compactions(compactedLog());
    expect(list[0].estimatedTokens.tokens).toBeGreaterThan(1000);
    expect(formatCompactionTokens(list[0])).toBe(`≈${formatCount(list[0].estimatedTokens.tokens)} tokens estimated as characters ÷ 4`);
  });
  it('formats counts the same in every locale', () => {
    expect([0, 999, 1000, 4175, 1234567].map(formatCount)).toEqual(['0', '999', '1,000', '4,175', '1,234,567']);
  });
});

describe('deriveCompactions on a synthesized log', () => {
  it('matches every compaction/start, checkpoint, summary and prune the synthesizer wrote', async () => {
    const s = synthesize({ seed: 11, events: 6000, contextTokens: 12000 });
    const r = await load(new TextEncoder().encode(formatJsonl(s.header, s.events)));
    const list = compactionsOf(r);
    const log = r.session!.log;
    const comps = list.filter((c) => c.kind === 'compaction'), prunes = list.filter((c) => c.kind === 'prune');
    expect(comps.length).toBe(s.stats.compactions);
    expect(prunes.length).toBe(s.stats.prunes);
    expect(comps.map((c) => c.replacementSeq)).toEqual(Array.from(r.timeline!.compactionSeqs));
    for (const c of comps) {
      expect([log.typeAt(c.seq), log.typeAt(c.summarySeq!), log.typeAt(c.endSeq!)]).toEqual(['compaction/start', 'compaction/summary', 'compaction/end']);
      expect(c.recordedTokens).toBe((log.event(c.summarySeq!).data as { shadowedTokenCount: number }).shadowedTokenCount);
    }
    for (const p of prunes) {
      expect([log.typeAt(p.seq), p.replacementSeq]).toEqual(['compaction/prune', p.seq + 1]);
      expect(p.replaced).toEqual((log.event(p.seq).data as { shadowedSeqs: number[] }).shadowedSeqs);
    }
  });
});
