/**
 * Seeded fuzzer: `npm run -s fuzz -- --cases N [--seed S] [--timeout MS] [--in-process]`; with
 * `--browser [--pages N] [--report FILE] [--verbose]`, the same cases (and the shared corpora) opened in the
 * built app in Chromium (src/fuzz/browser.ts).
 * Mutates valid logs (bytes, lines, JSON values, zstd frames) and checks the load invariants on
 * each case in a worker thread with a watchdog, so that a real hang is caught and counted.
 * Ends with one JSON line: {"cases","ok","refused","crashes","hangs","maxMs"}; exit 1 on any
 * crash or hang.
 */
import { Worker } from 'node:worker_threads';
import { makeCase } from './cases';
import { checkBytes, type CaseResult } from './check';

interface Args { cases: number; seed: number; timeoutMs: number; inProcess: boolean; browser: boolean; report?: string; verbose: boolean; pages?: number }

function parseArgs(argv: string[]): Args {
  const a: Args = { cases: 100, seed: 1, timeoutMs: 10_000, inProcess: false, browser: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const num = () => { const v = Number(argv[++i]); if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${k} needs a non-negative integer`); return v; };
    if (k === '--cases') a.cases = num();
    else if (k === '--seed') a.seed = num();
    else if (k === '--timeout') a.timeoutMs = num();
    else if (k === '--in-process') a.inProcess = true;
    else if (k === '--browser') a.browser = true;
    else if (k === '--verbose') a.verbose = true;
    else if (k === '--pages') a.pages = Math.max(1, num());
    else if (k === '--report' && i + 1 < argv.length) a.report = argv[++i];
    else throw new Error(`unknown option ${k}; usage: fuzz --cases N [--seed S] [--timeout MS] [--in-process] | fuzz --browser --cases N [--seed S] [--pages N] [--report FILE] [--verbose]`);
  }
  return a;
}

/** A worker that runs checkBytes; restarted after a hang. */
class Runner {
  private w!: Worker;
  private ready!: Promise<void>;
  constructor() { this.start(); }
  private start() {
    const file = new URL('./worker.ts', import.meta.url).href;
    this.w = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, { eval: true });
    this.ready = new Promise((res, rej) => {
      const on = (m: { ready?: boolean }) => { if (m.ready) { this.w.off('message', on); res(); } };
      this.w.on('message', on);
      this.w.once('error', rej);
    });
  }
  async check(id: number, bytes: Uint8Array, timeoutMs: number): Promise<CaseResult> {
    await this.ready;
    const hard = timeoutMs * 3 + 5_000;
    return new Promise<CaseResult>((resolve) => {
      const t0 = performance.now();
      const done = (r: CaseResult) => { clearTimeout(timer); this.w.off('message', onMsg); this.w.off('error', onErr); resolve(r); };
      const onMsg = (m: { id?: number; result?: CaseResult }) => { if (m.id === id && m.result) done(m.result); };
      const onErr = (e: Error) => { done({ status: 'crash', ms: performance.now() - t0, problem: `worker died: ${e?.stack ?? e}` }); this.start(); };
      const timer = setTimeout(() => {
        done({ status: 'hang', ms: performance.now() - t0, problem: `no verdict within ${hard} ms` });
        void this.w.terminate();
        this.start();
      }, hard);
      this.w.on('message', onMsg);
      this.w.on('error', onErr);
      this.w.postMessage({ id, bytes, timeoutMs });
    });
  }
  close() { return this.w.terminate(); }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.browser) return (await import('./browser')).runBrowserFuzz(args);
  const runner = args.inProcess ? null : new Runner();
  const sum = { cases: 0, ok: 0, refused: 0, crashes: 0, hangs: 0, maxMs: 0 };
  const every = Math.max(1, Math.ceil(args.cases / 10));
  for (let i = 0; i < args.cases; i++) {
    const c = await makeCase(args.seed, i);
    const r = runner ? await runner.check(i, c.bytes, args.timeoutMs) : await checkBytes(c.bytes, { timeoutMs: args.timeoutMs });
    sum.cases++;
    sum.maxMs = Math.max(sum.maxMs, Math.round(r.ms));
    if (r.status === 'ok') sum.ok++;
    else if (r.status === 'refused') sum.refused++;
    else if (r.status === 'hang') sum.hangs++;
    else sum.crashes++;
    if (r.status === 'crash' || r.status === 'hang') {
      console.error(`case ${i} (seed ${args.seed}, caseSeed ${c.caseSeed}, ${c.encoding}, ops ${c.ops.join('+')}): ${r.status}: ${r.problem}`);
    }
    if ((i + 1) % every === 0 && i + 1 < args.cases) console.error(`fuzz: ${i + 1}/${args.cases} cases, ${sum.crashes} crashes, ${sum.hangs} hangs`);
  }
  await runner?.close();
  console.log(JSON.stringify(sum));
  return sum.crashes + sum.hangs > 0 ? 1 : 0;
}

main().then((code) => { process.exitCode = code; }, (err) => { console.error(err); console.log(JSON.stringify({ cases: 0, ok: 0, refused: 0, crashes: 1, hangs: 0, maxMs: 0 })); process.exitCode = 1; });
