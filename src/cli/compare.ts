/**
 * `seqscope compare A B [--json]`: where run B leaves run A (src/core/run-compare.ts). A summary
 * (the first divergence in a sentence, then the deltas), or one JSON document
 * `{a, b, firstDivergence, differences, deltas}`. Exit 0 when the runs do not diverge, 1 when they
 * do, 2 when either log cannot be compared (unreadable, not a log, or refused: the sentence says
 * which and why).
 */
import { readFileSync } from 'node:fs';
import type { CompareOptions } from './args';
import { SessionError } from '../core/errors';
import type { Delta, RunDeltas } from '../core/run-deltas';
import { compareRuns, formatComparisonRecord, formatDifference } from '../core/run-compare';
import type { Session } from '../core/session';
import { openBytes } from '../io/open';
import { nodeByteText } from './byte-text';
import { zstdFramesInThread } from './zstd-thread';


export interface CompareIo {
  out(text: string): void;
  err(text: string): void;
}

class Unusable extends Error {}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The session of one file, or Unusable with a sentence naming the run (A or B), the file and why. */
async function loadRun(side: 'A' | 'B', file: string): Promise<Session> {
  let bytes: Uint8Array;
  try {
    const b = readFileSync(file);
    bytes = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  } catch (err) {
    throw new Unusable(`Run ${side} (${file}) could not be read: ${messageOf(err)}`);
  }
  let opened;
  try {
    opened = await openBytes(bytes, { fileName: file, byteText: nodeByteText, zstdFrames: zstdFramesInThread });
  } catch (err) {
    if (err instanceof SessionError) throw new Unusable(`Run ${side} (${file}) is refused: ${err.message}`);
    throw new Unusable(`Run ${side} (${file}) could not be loaded: ${messageOf(err)}`);
  }
  const r = opened.result;
  if (!r.verdict.ok) throw new Unusable(`Run ${side} (${file}) is refused (${r.verdict.kind}): ${r.verdict.message}`);
  if (!r.session) throw new Unusable(`Run ${side} (${file}) has no session to compare.`);
  return r.session;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
const row = (label: string, d: Delta, unit = '') => `  ${label.padEnd(18)} ${`${d.a}${unit}`.padStart(12)} → ${`${d.b}${unit}`.padStart(12)}  (${signed(d.delta)}${unit})`;

/** The deltas as aligned lines, A → B. */
export function formatDeltas(d: RunDeltas): string[] {
  const lines = ['Deltas (A → B):', row('turns', d.turns), row('steps', d.steps), row('tool calls', d.toolCalls)];
  for (const t of d.toolCallsByTool) if (t.delta !== 0) lines.push(row(`  ${t.tool}`, t));
  lines.push(
    row('tool errors', d.toolErrors),
    row('input tokens', d.tokens.input), row('cached tokens', d.tokens.cached),
    row('output tokens', d.tokens.output), row('reasoning tokens', d.tokens.reasoning),
    row('wall time', { a: Math.round(d.wallMs.a / 1000), b: Math.round(d.wallMs.b / 1000), delta: Math.round(d.wallMs.b / 1000) - Math.round(d.wallMs.a / 1000) }, ' s'),
    row('compactions', d.compactions), row('prunes', d.prunes),
  );
  return lines;
}

export async function runCompare(o: CompareOptions, io: CompareIo): Promise<number> {
  let a: Session, b: Session;
  try {
    a = await loadRun('A', o.a);
    b = await loadRun('B', o.b);
  } catch (err) {
    if (!(err instanceof Unusable)) throw err;
    if (o.json) io.out(JSON.stringify({ a: o.a, b: o.b, ok: false, message: err.message }));
    io.err(`seqscope: ${err.message}`);
    return 2;
  }
  const c = compareRuns(a, b);
  const diverge = c.alignment.firstDivergence !== null;
  if (o.json) {
    io.out(JSON.stringify({ a: o.a, b: o.b, ...formatComparisonRecord(c) }));
    return diverge ? 1 : 0;
  }
  const lines = [`A: ${o.a} (session ${a.id}, ${a.length} events, ${c.a.length} compared items)`, `B: ${o.b} (session ${b.id}, ${b.length} events, ${c.b.length} compared items)`];
  const diffs = c.alignment.differences;
  if (!diverge) lines.push('The runs do not diverge: every compared item has an equal counterpart (times, ids and usage aside).');
  else {
    lines.push(`First divergence (${c.alignment.firstDivergence.kind}): ${formatDifference(diffs[0])}`);
    const byKind = new Map<string, number>();
    for (const d of diffs) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + 1);
    lines.push(`${diffs.length} difference${diffs.length === 1 ? '' : 's'} in all (${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ')}).`);
  }
  lines.push(...formatDeltas(c.deltas));
  io.out(lines.join('\n'));
  return diverge ? 1 : 0;
}
