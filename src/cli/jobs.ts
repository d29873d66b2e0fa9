import { Worker } from 'node:worker_threads';
import { checkFile, type CheckSettings, type FileCheck } from './check-file';

/** What the check pool sends a worker, and what it answers. */
export interface CheckTask { readonly index: number; readonly file: string }
export interface CheckDone extends FileCheck { readonly index: number }

/** `workerData` marks a thread started by `checkAll` (the CLI bundle runs as its own worker). */
export interface CheckWorkerData { readonly seqscopeCheck: CheckSettings }

/** The verdicts of a whole run, counted. */
export interface CheckTally { readonly ok: number; readonly refused: number; readonly unreadable: number }

/** The closing line of a readable run: "8 checked: 7 ok, 1 refused" (and ", N unreadable" when any path could not be read). */
export function formatTally(t: CheckTally): string {
  return `${t.ok + t.refused + t.unreadable} checked: ${t.ok} ok, ${t.refused} refused${t.unreadable ? `, ${t.unreadable} unreadable` : ''}`;
}

/**
 * Checks every file and hands each result to `print` in the files' order, as soon as the ones
 * before it are done. With `jobs` > 1, files are checked in that many worker threads running
 * `workerUrl` (a module that calls `serveCheckWorker` in a worker).
 */
export async function checkAll(files: readonly string[], s: CheckSettings, jobs: number, workerUrl: URL, print: (r: FileCheck) => void): Promise<CheckTally> {
  const tally = { ok: 0, refused: 0, unreadable: 0 };
  const emit = (r: FileCheck) => { tally.ok += r.ok; tally.refused += r.refused; tally.unreadable += r.unreadable; print(r); };
  const n = Math.min(jobs, files.length);
  if (n <= 1) {
    for (const f of files) emit(await checkFile(f, s));
    return tally;
  }
  const done = new Map<number, FileCheck>();
  let next = 0, printed = 0;
  await new Promise<void>((resolve, reject) => {
    const workers: Worker[] = [];
    const fail = (err: unknown) => { for (const w of workers) void w.terminate(); reject(err); };
    const feed = (w: Worker) => {
      if (next < files.length) { const t: CheckTask = { index: next, file: files[next++] }; w.postMessage(t); }
      else void w.terminate();
    };
    for (let i = 0; i < n; i++) {
      const data: CheckWorkerData = { seqscopeCheck: s };
      const w = new Worker(workerUrl, { workerData: data });
      workers.push(w);
      w.on('message', (m: CheckDone) => {
        done.set(m.index, m);
        while (done.has(printed)) { emit(done.get(printed)!); done.delete(printed); printed++; }
        if (printed === files.length) { for (const x of workers) void x.terminate(); resolve(); return; }
        feed(w);
      });
      w.on('error', fail);
      feed(w);
    }
  });
  return tally;
}

/** The worker side: checks each task it is sent and answers with the result. */
export function serveCheckWorker(port: { on(ev: 'message', f: (t: CheckTask) => void): unknown; postMessage(m: CheckDone): void }, s: CheckSettings): void {
  port.on('message', (t: CheckTask) => {
    void checkFile(t.file, s).then((r) => port.postMessage({ index: t.index, ...r }));
  });
}
