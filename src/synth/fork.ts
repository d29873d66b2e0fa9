/**
 * Forked sessions: a parent session and a child whose header names the parent and `seedLength`.
 * The child's log starts with the parent's events up to a turn boundary, then the end-seed
 * marker, then new turns generated from a different PRNG stream (seed ^ 0x5eed).
 */
import type { SessionEvent, SessionHeader } from '../core/types';
import { uuid } from './content';
import { Rng } from './prng';
import { Synthesizer, synthesize } from './synthesizer';
import type { SynthOptions, SynthSession } from './types';

export interface ForkOptions extends SynthOptions {
  /** Events the child adds after its inherited seed and end-seed marker (default: events / 2). */
  childEvents?: number;
  /** Fork after this turn's turn/end (default: the middle turn). */
  boundaryTurn?: number;
  childId?: string;
}

export interface SynthFork {
  parent: SynthSession;
  child: SynthSession;
  /** Seq of the parent's turn/end the child was forked at; the child inherits [0..boundary]. */
  boundary: number;
}

/** The seq of the turn/end that closes `turn`, or -1. */
function turnEndSeq(events: readonly SessionEvent[], turn: number): number {
  for (const e of events) if (e.type === 'turn/end' && e.data.turn === turn) return e.seq;
  return -1;
}

/** Generates the parent (as `synthesize(opts)` would) and a fork of it. Throws if the parent has no completed turn. */
export function synthesizeFork(opts: ForkOptions): SynthFork {
  const parent = synthesize(opts);
  const turns = parent.events.filter((e) => e.type === 'turn/end').length;
  if (turns === 0) throw new RangeError('the parent session has no completed turn to fork at');
  const k = Math.min(Math.max(1, opts.boundaryTurn ?? Math.ceil(turns / 2)), turns);
  const boundary = turnEndSeq(parent.events, k);
  const seed = parent.events.slice(0, boundary + 1);
  const rng = Rng.fromSeed(opts.seed ^ 0x5eed);
  const createdAt = seed[seed.length - 1].time + rng.range(60_000, 3 * 86400_000);
  const header: SessionHeader = {
    version: 0,
    id: opts.childId ?? `session-${uuid(rng)}`,
    createdAt,
    ...(parent.header.cwd !== undefined ? { cwd: parent.header.cwd } : {}),
    parentSession: parent.header.id,
    seedLength: seed.length,
    delegationDepth: 0,
  };
  const childEvents = opts.childEvents ?? Math.floor(opts.events / 2);
  const s = new Synthesizer({ ...opts, seed: opts.seed ^ 0x5eed, events: seed.length + 1 + childEvents, crash: false }, { header, seed, now: createdAt });
  const events: SessionEvent[] = [...seed];
  for (const batch of s.run()) for (const e of batch) events.push(e);
  return { parent, child: { header: s.header, events, stats: s.stats, session: s.session }, boundary };
}
