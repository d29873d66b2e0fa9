/**
 * A synthetic DSH home (issue 16's folder benchmark): `sessions/--<project key>--/<session id>/
 * session.jsonl[.zstd]` for a number of sessions spread over several projects, plain and zstd
 * mixed, sizes drawn log-uniformly (most sessions small, a few large), some sessions forks of
 * another session of their project. `planFolder` is pure and deterministic from its seed;
 * `writeFolder` writes the plan with the synthesizer.
 */
import { join } from 'node:path';
import { projectKeyOf } from '../io/folder-scan';
import { uuid } from './content';
import { writeSession } from './file';
import { Synthesizer, synthesizeFork, type SynthSession } from './generate';
import { Rng } from './prng';

export interface FolderPlanOptions {
  readonly sessions: number;
  readonly seed: number;
  /** Projects the sessions are spread over (default 12). */
  readonly projects?: number;
  /** Events of an ordinary session, drawn log-uniformly in [min, max] (default 40–2500). */
  readonly minEvents?: number;
  readonly maxEvents?: number;
  /** Sessions this large in every 250 (default 1, 20,000 events). */
  readonly largeEvents?: number;
}

export interface PlannedSession {
  /** Path inside the DSH home. */
  readonly path: string;
  readonly id: string;
  readonly cwd: string;
  /** Target events (a fork child: the events it adds after its inherited seed). */
  readonly events: number;
  readonly zstd: boolean;
  readonly seed: number;
  /** Index of the session this one forks; written with it. */
  readonly forkOf?: number;
}

/** One in this many sessions is a fork of the session before it in its project. */
const FORK_EVERY = 25;

export function planFolder(opts: FolderPlanOptions): PlannedSession[] {
  const rng = Rng.fromSeed(opts.seed);
  const projects = Array.from({ length: Math.max(1, opts.projects ?? 12) }, (_, i) => `/home/dev/${['api', 'web', 'infra', 'ml', 'docs', 'cli'][i % 6]}-${i}`);
  const lo = Math.log(opts.minEvents ?? 40), hi = Math.log(opts.maxEvents ?? 2500);
  const out: PlannedSession[] = [];
  const lastOf = new Map<string, number>();
  for (let i = 0; i < opts.sessions; i++) {
    // a few projects hold most sessions, as people work
    const cwd = projects[Math.floor(projects.length * rng.next() ** 2)];
    const id = uuid(rng);
    const zstd = rng.next() < 0.5;
    const seed = rng.range(1, 2 ** 30);
    const large = i % 250 === 125;
    const events = large ? opts.largeEvents ?? 20_000 : Math.round(Math.exp(lo + (hi - lo) * rng.next()));
    const prev = lastOf.get(cwd);
    const forkOf = i % FORK_EVERY === FORK_EVERY - 1 && prev !== undefined && out[prev].forkOf === undefined && !out.some((s) => s.forkOf === prev) ? prev : undefined;
    const file = zstd ? 'session.jsonl.zstd' : 'session.jsonl';
    out.push({ path: `sessions/${projectKeyOf(cwd)}/${id}/${file}`, id, cwd, events, zstd, seed, ...(forkOf !== undefined ? { forkOf } : {}) });
    lastOf.set(cwd, i);
  }
  return out;
}

/** Writes the plan under `home`; returns the bytes written. A fork is written with its parent. */
export async function writeFolder(home: string, plan: readonly PlannedSession[], progress?: (done: number) => void): Promise<number> {
  let bytes = 0, done = 0;
  const write = async (p: PlannedSession, s: Pick<SynthSession, 'header' | 'events'>, initialBatch?: number) => {
    bytes += (await writeSession(join(home, p.path), s.header, s.events, p.zstd ? 'zstd' : 'jsonl', initialBatch ? { initialBatch } : {})).bytes;
    progress?.(++done);
  };
  for (let i = 0; i < plan.length; i++) {
    const p = plan[i];
    if (p.forkOf !== undefined) continue;
    const child = plan.find((c) => c.forkOf === i);
    const base = { seed: p.seed, events: p.events, id: p.id, cwd: p.cwd };
    if (child) {
      const f = synthesizeFork({ ...base, childId: child.id, childEvents: child.events });
      await write(p, f.parent);
      await write(child, f.child, f.boundary + 2);
    } else {
      const s = new Synthesizer(base);
      const events = [];
      for (const batch of s.run()) events.push(...batch);
      await write(p, { header: s.header, events });
    }
  }
  return bytes;
}
