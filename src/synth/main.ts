/**
 * CLI: writes a synthetic DSH session log.
 *
 *   npm run -s synth -- --events N --out FILE [--zstd] [--seed S] [--crash] [--fork DIR] [--no-pack]
 *
 * `--fork DIR` also writes a fork of the session to DIR/session.jsonl[.zstd] (the parent goes to
 * FILE). Prints one summary line.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SessionEvent, SessionHeader } from '../core/types';
import { Synthesizer, synthesizeFork, type SynthStats } from './generate';
import { createZstdFramer, jsonlParts, type FormatOptions } from './write';

interface Args { events: number; out: string; zstd: boolean; seed: number; crash: boolean; fork?: string; pack: boolean }

function usage(msg?: string): never {
  if (msg) process.stderr.write(`synth: ${msg}\n`);
  process.stderr.write('usage: npm run -s synth -- --events N --out FILE [--zstd] [--seed S] [--crash] [--fork DIR] [--no-pack]\n');
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const a: Partial<Args> = { zstd: false, seed: 1, crash: false, pack: true };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const val = () => { const v = argv[++i]; if (v === undefined) usage(`${k} needs a value`); return v; };
    const int = () => { const v = Number(val()); if (!Number.isSafeInteger(v) || v < 0) usage(`${k} needs a non-negative integer`); return v; };
    switch (k) {
      case '--events': a.events = int(); break;
      case '--out': a.out = val(); break;
      case '--zstd': a.zstd = true; break;
      case '--seed': a.seed = int(); break;
      case '--crash': a.crash = true; break;
      case '--fork': a.fork = val(); break;
      case '--no-pack': a.pack = false; break;
      case '-h': case '--help': usage();
      default: usage(`unknown argument ${k}`);
    }
  }
  if (a.events === undefined) usage('--events is required');
  if (!a.out) usage('--out is required');
  return a as Args;
}

/** Streams one session to `path`; returns bytes written and frame count. */
async function writeSession(path: string, header: SessionHeader, events: Iterable<SessionEvent>, zstd: boolean, fmt: FormatOptions): Promise<{ bytes: number; frames: number }> {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  const enc = new TextEncoder();
  const frame = zstd ? await createZstdFramer() : null;
  let bytes = 0;
  let frames = 0;
  let pending: Uint8Array[] = [];
  let pendingLen = 0;
  const flush = () => {
    for (const p of pending) writeSync(fd, p);
    pending = [];
    pendingLen = 0;
  };
  try {
    for (const part of jsonlParts(header, events, fmt)) {
      const b = frame ? frame(part) : enc.encode(part);
      frames++;
      bytes += b.length;
      pending.push(b);
      pendingLen += b.length;
      if (pendingLen > 1 << 20) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return { bytes, frames };
}

function* flatten(batches: Iterable<SessionEvent[]>): Generator<SessionEvent> {
  for (const b of batches) yield* b;
}

const pct = (s: SynthStats) => ((100 * s.chunkDeltas) / Math.max(1, s.events)).toFixed(1);
const mb = (n: number) => (n / 1e6).toFixed(1);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const opts = { seed: args.seed, events: args.events, crash: args.crash };
  const fmt: FormatOptions = { pack: args.pack };
  const kind = args.zstd ? 'zstd' : 'jsonl';
  if (args.fork === undefined) {
    const s = new Synthesizer(opts);
    const w = await writeSession(args.out, s.header, flatten(s.run()), args.zstd, fmt);
    const st = s.stats;
    process.stdout.write(`${args.out}: ${kind}, ${s.session.length} events, ${st.turns} turns, ${pct(st)}% chunk deltas, ${st.compactions} compactions, ${st.prunes} prunes, ${st.resumes} resumes${st.crashed ? ', crashed mid-turn' : ''}; ${mb(w.bytes)} MB${args.zstd ? ` in ${w.frames} frames` : ''}; ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return;
  }
  const f = synthesizeFork(opts);
  const childPath = join(args.fork, args.zstd ? 'session.jsonl.zstd' : 'session.jsonl');
  const wp = await writeSession(args.out, f.parent.header, f.parent.events, args.zstd, fmt);
  const wc = await writeSession(childPath, f.child.header, f.child.events, args.zstd, { ...fmt, initialBatch: f.boundary + 2 });
  process.stdout.write(`${args.out}: ${kind}, ${f.parent.events.length} events, ${mb(wp.bytes)} MB; fork ${childPath}: ${f.child.events.length} events (seedLength ${f.child.header.seedLength}, parent ${f.parent.header.id}), ${mb(wc.bytes)} MB; ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}

main().catch((err) => {
  process.stderr.write(`synth: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
