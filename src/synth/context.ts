/**
 * Context management: keeping the surface under the context budget the way DSH does, by pruning
 * old tool results (compaction/prune plus a content-only tool/result rewrite) and by summary
 * compactions (a checkpoint user/message that replaces the older part of the surface).
 * Thresholds are fractions of `SynthState.budget` (the `contextTokens` option).
 */
import { prose, uuid } from './content';
import type { SynthState } from './state';
import { contentTokens } from './surface';

/** Auto-compact at the start of a step above this share of the budget. */
const COMPACT_AT = 0.8;
/** Prune (at most two tool results per step) above this share of the budget. */
const PRUNE_AT = 0.6;

/**
 * Pruning and auto-compaction at the start of a step, when the surface has grown too large.
 * Skipped near the end of the session so the closing turn still fits the event target.
 */
export function housekeeping(st: SynthState): void {
  if (st.remaining() < 300) return;
  if (st.surface.tokens > st.budget * COMPACT_AT) compact(st, st.turn, undefined);
  for (let k = 0; k < 2 && st.surface.tokens > st.budget * PRUNE_AT; k++) {
    if (!prune(st)) break;
  }
}

/** compaction/prune, then a content-only rewrite of one current tool/result. False if nothing is left to prune. */
function prune(st: SynthState): boolean {
  const p = st.surface.nextPrunable();
  if (!p) return false;
  const orig = st.session.log.event(p.seq);
  st.tick(1, 5);
  const pr = st.add('compaction/prune', { shadowedRange: { start: p.seq, end: p.seq }, shadowedSeqs: [p.seq], shadowedTokenCount: p.tokens });
  const m = orig.data.message;
  const block = m.content[0];
  const text = `[Pruned to save context: about ${p.tokens} tokens of ${p.name} output were removed here. Run the tool again if you need it.]`;
  const data = { ...orig.data, message: { ...m, content: [{ ...block, content: [{ type: 'text', text }] }] } };
  st.tick(0, 2);
  st.addSurface('tool/result', data, { op: 'replace', start: p.seq, end: p.seq }, [pr.seq, p.seq], contentTokens(data.message), [p.seq]);
  st.stats.prunes++;
  return true;
}

/**
 * A summary compaction: compaction/start, compaction/summary, a checkpoint user/message that
 * replaces all but the last 2-6 surface nodes, compaction/end. `turn` is null for a user `/compact`
 * between turns (then `sourceCommandId` names the command). Returns how many nodes it shadowed;
 * 0 (and nothing appended) when the surface is too short to compact.
 */
export function compact(st: SynthState, turn: number | null, sourceCommandId: string | undefined): number {
  const nodes = st.session.fold.nodes;
  const keep = st.rng.range(2, 6);
  const ei = nodes.length - 1 - keep;
  if (ei < 1) return 0;
  const shadowed = nodes.slice(0, ei + 1);
  const shadowedTokenCount = st.surface.tokensOf(shadowed);
  const compactionId = uuid(st.rng);
  const cmd = sourceCommandId ? { sourceCommandId } : {};
  const start = st.add('compaction/start', { compactionId, ...cmd, turn });
  st.tick(3_000, 25_000);
  const summaryText = prose(st.rng, st.rng.range(150, 700));
  const summary = [{ type: 'text', text: summaryText }];
  const range = { start: shadowed[0], end: shadowed[shadowed.length - 1] };
  const sum = st.add('compaction/summary', {
    compactionId, ...cmd, summary, shadowedRange: range, shadowedSeqs: shadowed, shadowedTokenCount,
    provider: st.config.provider, model: st.config.model, maxTokens: 4096,
    usage: { inputTokens: shadowedTokenCount, outputTokens: Math.ceil(summaryText.length / 4) },
  });
  st.tick(0, 3);
  const msg = {
    id: uuid(st.rng),
    role: 'user',
    content: [
      { type: 'text', text: 'Context checkpoint: the earlier part of this conversation was condensed into the summary below. Treat it as settled background and carry on from the messages that follow it; do not mention the checkpoint.\n\n<summary>' },
      { type: 'text', text: summaryText },
      { type: 'text', text: '</summary>' },
    ],
    source: { kind: 'plugin', plugin: 'compact', compactionId, ...cmd },
  };
  st.addSurface('user/message', msg, { op: 'replace', start: range.start, end: range.end }, [start.seq, sum.seq, ...shadowed], contentTokens(msg), shadowed);
  st.tick(0, 3);
  st.add('compaction/end', { compactionId, ...cmd, turn });
  st.stats.compactions++;
  return shadowed.length;
}
