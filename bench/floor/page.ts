/**
 * The fleet floor's page (bench/fleet-floor.ts): the files of the folder set through the input go
 * to `jobs` module workers in batches, as the app's folder workers get them; `window.__floor` holds
 * the time from the change event to the last worker's answer, and what was read.
 */
interface Floor { ms: number; files: number; bytes: number; lines: number }
const w = window as unknown as { __floor?: Floor };
const q = new URLSearchParams(location.search);
const mode = q.get('mode') ?? 'parse';
const jobs = Number(q.get('jobs') ?? 2);
const BATCH = 64;

const input = document.querySelector<HTMLInputElement>('input[webkitdirectory]')!;
input.addEventListener('change', () => {
  const t0 = performance.now();
  const files = [...(input.files ?? [])].filter((f) => /\.jsonl(\.zstd)?$/.test(f.name));
  let next = 0, done = 0, bytes = 0, lines = 0;
  for (let i = 0; i < jobs; i++) {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    const feed = () => {
      if (next >= files.length) { worker.terminate(); return; }
      worker.postMessage({ mode, files: files.slice(next, next + BATCH) });
      next += BATCH;
    };
    worker.onmessage = (e: MessageEvent<{ files: number; bytes: number; lines: number }>) => {
      done += e.data.files; bytes += e.data.bytes; lines += e.data.lines;
      if (done === files.length) w.__floor = { ms: performance.now() - t0, files: done, bytes, lines };
      feed();
    };
    feed();
  }
});
