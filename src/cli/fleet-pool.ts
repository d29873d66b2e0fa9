/**
 * `stats` and `grep` over many files: each file is read once, by one of N worker threads (or in
 * this thread with one job), and only its result comes back, so memory is bounded by the files in
 * flight, not by the folder. Results are handed over in the files' order.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { compilePattern, type MatchFilter } from '../core/event-match';
import { grepFile, type SessionGrep } from '../io/log-grep';
import { readFileStats, type StatsRead } from '../io/session-stats';
import { nodeByteText } from './byte-text';

export type FleetJob =
  | { readonly kind: 'stats' }
  | { readonly kind: 'grep'; readonly pattern: string; readonly filter: MatchFilter; readonly max: number };

/** One file: where it is, and how it is named in the output (relative to the DIR it was found in). */
export interface FleetFile { readonly file: string; readonly rel: string }

export type FleetResult =
  | { readonly kind: 'stats'; readonly read: StatsRead }
  | { readonly kind: 'grep'; readonly sessions: readonly SessionGrep[] }
  | { readonly kind: 'unreadable'; readonly path: string; readonly reason: string };

/** `workerData` marks a thread started by `runFleet` (the CLI bundle runs as its own worker). */
export interface FleetWorkerData { readonly seqscopeFleet: FleetJob }
interface Task { readonly index: number; readonly f: FleetFile }
interface Done { readonly index: number; readonly result: FleetResult }

/** Runs the job on one file. */
export async function runFleetTask(job: FleetJob, f: FleetFile, compiled = job.kind === 'grep' ? compilePattern(job.pattern) : undefined): Promise<FleetResult> {
  let bytes: Uint8Array;
  try {
    const b = readFileSync(f.file);
    bytes = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  } catch (err) {
    return { kind: 'unreadable', path: f.rel, reason: `Could not read the file: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (job.kind === 'stats') return { kind: 'stats', read: await readFileStats(bytes, f.rel, { byteText: nodeByteText }) };
  return { kind: 'grep', sessions: await grepFile(bytes, f.rel, compiled!, job.filter, job.max) };
}

/** Runs the job on every file, `jobs` at a time, handing each result to `take` in the files' order. */
export async function runFleet(files: readonly FleetFile[], job: FleetJob, jobs: number, workerUrl: URL, take: (r: FleetResult) => void): Promise<void> {
  const n = Math.min(jobs, files.length);
  if (n <= 1) {
    const compiled = job.kind === 'grep' ? compilePattern(job.pattern) : undefined;
    for (const f of files) take(await runFleetTask(job, f, compiled));
    return;
  }
  const done = new Map<number, FleetResult>();
  let next = 0, handed = 0;
  await new Promise<void>((resolve, reject) => {
    const workers: Worker[] = [];
    const stop = () => { for (const w of workers) void w.terminate(); };
    const fail = (err: unknown) => { stop(); reject(err); };
    const feed = (w: Worker) => {
      if (next < files.length) { const t: Task = { index: next, f: files[next++] }; w.postMessage(t); } else void w.terminate();
    };
    for (let i = 0; i < n; i++) {
      const data: FleetWorkerData = { seqscopeFleet: job };
      const w = new Worker(workerUrl, { workerData: data });
      workers.push(w);
      w.on('message', (m: Done) => {
        done.set(m.index, m.result);
        try {
          while (done.has(handed)) { take(done.get(handed)!); done.delete(handed); handed++; }
        } catch (err) { fail(err); return; }
        if (handed === files.length) { stop(); resolve(); return; }
        feed(w);
      });
      w.on('error', fail);
      feed(w);
    }
  });
}

/** The worker side: runs each task it is sent and answers with the result. */
export function serveFleetWorker(port: { on(ev: 'message', f: (t: Task) => void): unknown; postMessage(m: Done): void }, job: FleetJob): void {
  const compiled = job.kind === 'grep' ? compilePattern(job.pattern) : undefined;
  port.on('message', (t: Task) => {
    // a file that breaks the reader is reported as such, never left unanswered (the pool would wait for it)
    void runFleetTask(job, t.f, compiled).catch((err: unknown): FleetResult => ({ kind: 'unreadable', path: t.f.rel, reason: `Could not read the file: ${err instanceof Error ? err.message : String(err)}` }))
      .then((result) => port.postMessage({ index: t.index, result }));
  });
}
