import { useEffect, useRef, useState } from 'react';
import { client } from '../../store/client';
import { setCursor, setView, useApp } from '../../store/store';
import { TR_COMPACTION, TR_SHADOWED, type Card, type Moment, type Summary } from '../../protocol/worker-protocol';

const STEP_MS = 30;
const LEAD = 40;
const TAIL = 12;

interface Plan { start: number; end: number; at?: number; caption: string }

/** What the compaction at `c` changed in the Surface and what stayed in the Transcript. */
async function planFor(s: Summary): Promise<Plan> {
  const last = Math.max(0, s.length - 1);
  const c = s.compactionSeqs.length > 0 ? s.compactionSeqs[0] : undefined;
  if (c === undefined) {
    return { start: Math.max(0, last - 60), end: last, caption: `This session has no compaction; replaying its last ${Math.min(last, 60)} events.` };
  }
  const [before, after, cards] = await Promise.all([
    client.request<Moment>({ op: 'moment', seq: Math.max(0, c - 1) }), client.request<Moment>({ op: 'moment', seq: c }), client.request<Card[]>({ op: 'cards', seqs: [c] }),
  ]);
  const replaced = cards.find((x) => x.seq === c)?.replaced ?? [];
  let shadowed = 0;
  for (const f of after.transcriptFlags) if ((f & TR_SHADOWED) && !(f & TR_COMPACTION)) shadowed++;
  const range = replaced.length ? `seq ${replaced[0]}–${replaced[replaced.length - 1]}` : 'no earlier nodes';
  const caption = `Seq ${c}: a compaction landed. Surface: ${replaced.length} node${replaced.length === 1 ? '' : 's'} (${range}) replaced by the summary at seq ${c}; `
    + `the Surface went from ${before.counts.surface} to ${after.counts.surface} entries. `
    + `Transcript: all ${after.counts.transcript} entries stay (${before.counts.transcript} before); ${shadowed} are now marked “no longer seen by the model”.`;
  return { start: Math.max(0, c - LEAD), end: Math.min(last, c + TAIL), at: c, caption };
}

/** Plays the scrubber through the first compaction with a caption; the caption region says when it ends. */
export function GuidedReplay() {
  const summary = useApp((s) => s.summary);
  const [state, setState] = useState<{ phase: 'idle' | 'playing' | 'done'; text: string; for?: Summary }>({ phase: 'idle', text: '' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => { clearTimeout(timer.current); setState({ phase: 'idle', text: '' }); }, [summary]);

  const start = async () => {
    if (!summary) return;
    clearTimeout(timer.current);
    const plan = await planFor(summary);
    if (useApp.getState().summary !== summary) return;
    setView(plan.at !== undefined ? 'surface' : useApp.getState().view);
    let cur = plan.start;
    setCursor(cur);
    setState({ phase: 'playing', for: summary, text: plan.at !== undefined ? `Playing toward the compaction at seq ${plan.at}…` : plan.caption });
    const tick = () => {
      if (useApp.getState().summary !== summary) return;
      cur += 1;
      setCursor(cur);
      if (plan.at !== undefined && cur === plan.at) setState({ phase: 'playing', for: summary, text: plan.caption });
      if (cur >= plan.end) { setState({ phase: 'done', for: summary, text: `${plan.caption} Guided replay finished at seq ${plan.end}.` }); return; }
      timer.current = setTimeout(tick, STEP_MS);
    };
    timer.current = setTimeout(tick, STEP_MS);
  };

  return (
    <>
      <button type="button" disabled={!summary} onClick={() => void start()}>Guided replay</button>
      {state.phase !== 'idle' && state.for === summary && (
        <section className="guided-caption" role="region" aria-label="Guided replay" aria-live="polite" data-state={state.phase}>
          <span>{state.text}</span>
          <button type="button" aria-label="Close guided replay" onClick={() => { clearTimeout(timer.current); setState({ phase: 'idle', text: '' }); }}>×</button>
        </section>
      )}
    </>
  );
}
