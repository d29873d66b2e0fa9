import { Worker } from 'node:worker_threads';
import { checkFile, type CheckSettings, type FileCheck } from './check-file';

/** What the check pool sends a worker, and what it answers. */
export interface CheckTask { readonly index: number; readonly file: string }
export interface CheckDone extends FileCheck { readonly index: number }

/** `workerData` marks a thread started by `checkAll` (the CLI bundle runs as its own worker). */
export interface CheckWorkerData { readonly seqscopeCheck: CheckSettings }

/**
 * Checks every file and hands each result to `print` in the files' order, as soon as the ones
 * before it are done. With `jobs` > 1, files are checked in that many worker threads running
 * `workerUrl` (a module that calls `serveCheckWorker` in a worker).
 */
export async function checkAll(files: readonly string[], s: CheckSettings, jobs: number, workerUrl: URL, print: (r: FileCheck) => void): Promise<boolean> {
  let refused = false;
  const emit = (r: FileCheck) => { if (r.refused) refused = true; print(r); };
  const n = Math.min(jobs, files.length);
  if (n <= 1) {
    for (const f of files) emit(await checkFile(f, s));
    return refused;
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
  return refused;
}

/** The worker side: checks each task it is sent and answers with the result. */
export function serveCheckWorker(port: { on(ev: 'message', f: (t: CheckTask) => void): unknown; postMessage(m: CheckDone): void }, s: CheckSettings): void {
  port.on('message', (t: CheckTask) => {
    void checkFile(t.file, s).then((r) => port.postMessage({ index: t.index, ...r }));
  });
}
