import { describeCompaction } from '../core/compaction-format';
import { formatParentage } from '../core/parentage';
import { compactionsOf } from '../io/compactions';
import type { LoadResult } from '../io/load';
import { formatMomentRecord } from '../io/verdict-record';

/** Compactions described one per line in a summary; the rest are counted. */
const SHOWN = 3;

/** A readable multi-line summary of one load, for the terminal. */
export function formatSummary(file: string, r: LoadResult, at?: number): string {
  const lines: string[] = [];
  const v = r.verdict;
  const n = r.session?.log.length ?? 0;
  lines.push(v.ok ? `${file}: ok — DSH would load this log (${r.encoding})` : `${file}: refused (${v.kind}) — ${v.message}`);
  if (r.header) lines.push(`  session ${r.header.id}, created ${new Date(r.header.createdAt).toISOString()}${r.header.cwd ? `, cwd ${r.header.cwd}` : ''}${r.header.parentSession !== undefined ? `, ${formatParentage(r.header)}` : ''}`);
  if (r.session) {
    lines.push(`  ${n} events (${r.storedEventCount} stored), surface ${r.session.fold.nodes.length} nodes, ${r.timeline?.transcriptSeqs.length ?? 0} transcript messages, ${r.session.fold.gen} replacements`);
  }
  const comps = compactionsOf(r), shown = comps.filter((c) => c.kind === 'compaction');
  if (comps.length) {
    const prunes = comps.length - shown.length;
    lines.push(`  ${shown.length} compaction${shown.length === 1 ? '' : 's'}, ${prunes} prune${prunes === 1 ? '' : 's'}${shown.length > SHOWN ? ` (the first ${SHOWN}:)` : shown.length ? ':' : ''}`);
    for (const c of shown.slice(0, SHOWN)) lines.push(`    ${describeCompaction(c)}`);
  }
  if (r.torn) lines.push(`  torn tail: ${r.torn.bytes} bytes dropped from line ${r.torn.line}`);
  if (r.closers.length) lines.push(`  crash repair: ${r.closers.length} closers synthesized (${r.closers.map((c) => `${c.type}@${c.seq}`).join(', ')})`);
  if (r.endSeedAppended) lines.push(`  end-seed marker appended at seq ${r.firstLiveSeq}`);
  if (r.dropped.length) lines.push(`  ${r.dropped.length} records not read by DSH (from line ${r.dropped[0].line})`);
  if (r.diagnostics.length) lines.push(`  ${r.diagnostics.length} invariant diagnostics (first: seq ${r.diagnostics[0].seq}: ${r.diagnostics[0].message})`);
  if (at !== undefined && r.timeline) {
    const m = formatMomentRecord(r, at) as { seq: number; surfaceSeqs: number[]; transcriptSeqs: number[]; messageCount: number };
    lines.push(`  at seq ${m.seq}: surface ${m.surfaceSeqs.length}, transcript ${m.transcriptSeqs.length}, messages ${m.messageCount}`);
  }
  return lines.join('\n');
}
