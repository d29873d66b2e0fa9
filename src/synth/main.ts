/**
 * CLI: writes a synthetic DSH session log.
 *
 *   npm run -s synth -- --events N --out FILE [--zstd | --raw-zstd] [--seed S] [--crash] [--fork DIR] [--context-tokens N] [--no-pack]
 *
 * `--zstd` writes DSH's zstd encoding compressed with libzstd at level 3 (one checksummed frame for
 * the header line and one per batch); `--raw-zstd` writes the same frames with raw (stored) blocks,
 * quick to write and to decode.
 * `--fork DIR` also writes a fork of the session to DIR/session.jsonl[.zstd] (the parent goes to
 * FILE).
 * `--context-tokens N` sets the context budget (estimated tokens, default 64000) at which tool
 * results are pruned and history is compacted; a few thousand shows both in a small demo.
 * Prints one summary line.
 */
import { join } from 'node:path';
import type { SessionEvent } from '../core/types';
import { writeSession, type Encoding } from './file';
import { Synthesizer, synthesizeFork, type SynthStats } from './generate';
import type { FormatOptions } from './write';

interface Args { events: number; out: string; encoding: Encoding; seed: number; crash: boolean; fork?: string; contextTokens?: number; pack: boolean }

function usage(msg?: string): never {
  if (msg) process.stderr.write(`synth: ${msg}\n`);
  process.stderr.write('usage: npm run -s synth -- --events N --out FILE [--zstd | --raw-zstd] [--seed S] [--crash] [--fork DIR] [--context-tokens N] [--no-pack]\n');
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const a: Partial<Args> = { encoding: 'jsonl', seed: 1, crash: false, pack: true };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const val = () => { const v = argv[++i]; if (v === undefined) usage(`${k} needs a value`); return v; };
    const int = () => { const v = Number(val()); if (!Number.isSafeInteger(v) || v < 0) usage(`${k} needs a non-negative integer`); return v; };
    switch (k) {
      case '--events': a.events = int(); break;
      case '--out': a.out = val(); break;
      case '--zstd': case '--raw-zstd': {
        const e = k.slice(2) as Encoding;
        if (a.encoding !== 'jsonl' && a.encoding !== e) usage('--zstd and --raw-zstd exclude each other');
        a.encoding = e;
        break;
      }
      case '--seed': a.seed = int(); break;
      case '--crash': a.crash = true; break;
      case '--fork': a.fork = val(); break;
      case '--context-tokens': a.contextTokens = int(); if (a.contextTokens === 0) usage('--context-tokens needs a positive integer'); break;
      case '--no-pack': a.pack = false; break;
      case '-h': case '--help': return usage();
      default: usage(`unknown argument ${k}`);
    }
  }
  if (a.events === undefined) usage('--events is required');
  if (!a.out) usage('--out is required');
  return a as Args;
}

function* flatten(batches: Iterable<SessionEvent[]>): Generator<SessionEvent> {
  for (const b of batches) yield* b;
}

const pct = (s: SynthStats) => ((100 * s.chunkDeltas) / Math.max(1, s.events)).toFixed(1);
const mb = (n: number) => (n / 1e6).toFixed(1);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const opts = { seed: args.seed, events: args.events, crash: args.crash, contextTokens: args.contextTokens };
  // only the file is wanted of a session written alone: its chunk deltas are not kept to be read back
  const fmt: FormatOptions = { pack: args.pack };
  const kind = args.encoding === 'raw-zstd' ? 'zstd (raw blocks)' : args.encoding;
  const zstd = args.encoding !== 'jsonl';
  const size = (w: { bytes: number; plainBytes: number; frames: number }) => `${mb(w.bytes)} MB${zstd ? ` (${mb(w.plainBytes)} MB plaintext) in ${w.frames} frames` : ''}`;
  if (args.fork === undefined) {
    const s = new Synthesizer({ ...opts, lean: true });
    const w = await writeSession(args.out, s.header, flatten(s.run()), args.encoding, fmt);
    const st = s.stats;
    process.stdout.write(`${args.out}: ${kind}, ${s.session.length} events, ${st.turns} turns, ${pct(st)}% chunk deltas, ${st.compactions} compactions, ${st.prunes} prunes, ${st.resumes} resumes${st.crashed ? ', crashed mid-turn' : ''}; ${size(w)}; ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return;
  }
  const f = synthesizeFork(opts);
  const childPath = join(args.fork, zstd ? 'session.jsonl.zstd' : 'session.jsonl');
  const wp = await writeSession(args.out, f.parent.header, f.parent.events, args.encoding, fmt);
  const wc = await writeSession(childPath, f.child.header, f.child.events, args.encoding, { ...fmt, initialBatch: f.boundary + 2 });
  process.stdout.write(`${args.out}: ${kind}, ${f.parent.events.length} events, ${size(wp)}; fork ${childPath}: ${f.child.events.length} events (seedLength ${f.child.header.seedLength}, parent ${f.parent.header.id}), ${size(wc)}; ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}

main().catch((err) => {
  process.stderr.write(`synth: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
