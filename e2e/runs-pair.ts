import { alignedSeq } from '../src/core/run-align';
import { compareRuns } from '../src/core/run-compare';
import { loadBytes } from '../src/io/load';
import { synthesize } from '../src/synth/synthesizer';
import { formatJsonl } from '../src/synth/write';

/**
 * The pair of runs the Runs e2e specs open. Run A, and run B: the same run with two log-only
 * events early on (B's seqs after them are A's + 2) and one tool result changed. `id`: B's session
 * id (a second run of a task has its own; ids never count as a difference). `failedToo`: the
 * n-th appended tool result after it (n > 0) is changed as well, into an error: a second difference.
 */
export const s = synthesize({ seed: 8, events: 2500, contextTokens: 9000 });
export const aText = formatJsonl(s.header, s.events);
export function runB(id?: string, failedToo?: number): { text: string; changed: number; failed: number } {
  const recs = aText.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const out = [id ? { ...recs[0], id } : recs[0], ...[0, 1].map((q) => ({ type: 'session/title', seq: q, time: s.events[0].time, data: { title: 't' } }))];
  let changed = -1, failed = -1, seen = 0;
  const result = (x: { data: { message: { content: Record<string, unknown>[] } } }, text: string, isError: boolean) =>
    ({ ...x.data, message: { ...x.data.message, content: [{ ...x.data.message.content[0], content: [{ type: 'text', text }], ...(isError ? { isError } : {}) }] } });
  for (const r of recs.slice(1)) {
    const x = { ...r };
    if (typeof x.seq === 'number') x.seq += 2; else x.seq0 += 2;
    if (Array.isArray(x.sourceEventSeqs)) x.sourceEventSeqs = x.sourceEventSeqs.map((q: number) => q + 2);
    if (typeof x.surfaceOp === 'object') x.surfaceOp = { op: 'replace', start: x.surfaceOp.start + 2, end: x.surfaceOp.end + 2 };
    if (x.type === 'tool/result' && x.surfaceOp === 'append') {
      if (++seen === 12) { x.data = result(x, 'a different output', false); changed = x.seq; }
      else if (failedToo && seen === 12 + failedToo && !x.data.error && x.data.message.content[0].isError !== true) { x.data = result(x, 'command failed', true); failed = x.seq; }
    }
    out.push(x);
  }
  return { text: out.map((r) => JSON.stringify(r) + '\n').join(''), changed, failed };
}

const enc = (t: string) => new TextEncoder().encode(t);

/** The two runs aligned in Node, as the worker aligns them: B's seq for a seq of A, and A's for one of B. */
export async function alignedPair(bText: string): Promise<{ bOf(a: number): number; aOf(b: number): number }> {
  const [ra, rb] = await Promise.all([loadBytes(enc(aText), { now: 0 }), loadBytes(enc(bText), { now: 0 })]);
  const c = compareRuns(ra.session!, rb.session!);
  return {
    bOf: (a) => alignedSeq(c.alignment, c.a, c.b, true, a, rb.session!.length),
    aOf: (b) => alignedSeq(c.alignment, c.b, c.a, false, b, ra.session!.length),
  };
}
