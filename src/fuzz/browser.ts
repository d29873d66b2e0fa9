/**
 * The browser fuzzer (issue 13): `npm run -s fuzz -- --browser --cases N [--seed S]`.
 * Builds the app unless dist is newer than its sources, serves it with `vite preview` on
 * 127.0.0.1, and in Chromium opens each case through the file input, in two pages side by side
 * (`--pages N`; each page takes the next case when it is done with one). Cases
 * alternate between the Node fuzzer's mutated logs (src/fuzz/cases.ts) and the files of
 * the conformance corpus and the fixtures (src/testing/corpus.ts), until every such file has been opened.
 * For each case: every tab, the Seq slider to its start, middle and end, a row selected, the
 * inspector's tree opened, one search. A case crashes on a page error or a region that failed to
 * render; it hangs on no verdict banner or alert within 10 s, or a main-thread stall over 2 s.
 * A conformance file whose banner disagrees with DSH's verdict is a crash too.
 * Ends with one JSON line: {"cases","ok","refused","crashes","hangs","maxMs"} (maxMs: the slowest
 * open, file chosen to banner or alert); `--report FILE` also writes it there. Exit 1 on any
 * crash or hang.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { makeCase } from './cases';
import { CONFORMANCE_DIR, FIXTURES_DIR } from '../testing/corpus';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, ROOT, ensureBuild, servePreview } from '../testing/browser-harness';

export interface BrowserArgs { cases: number; seed: number; report?: string; verbose?: boolean; pages?: number }

const OPEN_MS = 10_000;
const STALL_MS = 2_000;
const SEARCHES = ['turn', 'tool', '"seq"', 'é', 'zzzz-no-match', '\\', '[', 'error'];

interface CorpusFile { path: string; name: string; expected?: string }

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p)); else out.push(p);
  }
  return out;
}

/** DSH's verdict as the banner's data-verdict: ok, corrupt or unsupported. */
export function expectedVerdict(expectedJson: string): string {
  const v = JSON.parse(expectedJson) as { ok?: boolean; errorName?: string };
  return v.ok ? 'ok' : v.errorName === 'SessionFormatUnsupportedError' ? 'unsupported' : 'corrupt';
}

/** Every log of the corpora: conformance (big logs last), then fixtures. */
export function corpusFiles(): CorpusFile[] {
  const isLog = (p: string) => /\.(jsonl|zstd|zst|zip)$/.test(p) && !p.endsWith('.expected.json');
  const conf = files(CONFORMANCE_DIR).filter(isLog);
  const ordered = [...conf.filter((p) => !p.includes('/big/')), ...conf.filter((p) => p.includes('/big/')), ...files(FIXTURES_DIR).filter(isLog)];
  return ordered.map((path) => {
    const exp = path.replace(/\.jsonl(\.zstd)?$/, '.expected.json');
    const expected = path.includes('/conformance/') && existsSync(exp) ? expectedVerdict(readFileSync(exp, 'utf8')) : undefined;
    return { path, name: path.split('/').pop()!, expected };
  });
}

/** Installed in the page before the app: the longest main-thread task since the last reset. */
function stallProbe() {
  const w = window as unknown as { __fuzzLongest: number };
  w.__fuzzLongest = 0;
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__fuzzLongest = Math.max(w.__fuzzLongest, e.duration); }).observe({ type: 'longtask', buffered: false });
  } catch { /* no longtask timing: hangs are still caught by the open and step deadlines */ }
}

/** `failed`: the file an open over the session shown could not open (that session stayed; src/store/session-slice.ts OpenFailure). */
interface Opened { settled: boolean; phase: string; verdict?: string; fileName?: string; failed?: string; ms: number }

/** Page side: waits until the load that started after `before` settles (or `OPEN_MS` passes). */
async function waitSettled([before, limit]: [number, number]): Promise<Opened> {
  const B = (window as unknown as { seqscopeBench: { settles(): number; state(): { phase: string; summary?: { fileName?: string }; openFailure?: { file: string } } } }).seqscopeBench;
  const t0 = performance.now();
  while (B.settles() <= before && performance.now() - t0 < limit) await new Promise((r) => setTimeout(r, 10));
  const s = B.state();
  // the banner (or the failure alert) as the user sees it, a frame after the state settled; a file
  // that gave no session over the one shown has its own banner, which carries its verdict when it was refused
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const failed = s.openFailure?.file;
  const banner = document.querySelector(failed !== undefined ? '.open-failed' : '[data-verdict]');
  const alert = document.querySelector('[role=alert]');
  return { settled: B.settles() > before && (!!banner || !!alert), phase: s.phase, verdict: banner?.getAttribute('data-verdict') ?? undefined, fileName: s.summary?.fileName, failed, ms: performance.now() - t0 };
}

/** Page side: every tab, the slider to start, middle and end, a row, the inspector's tree, a search. */
async function exercise(query: string): Promise<string[]> {
  const B = (window as unknown as { seqscopeBench: { state(): { cursor: number; moment?: { seq: number }; summary?: { length: number }; search?: { query: string; done?: boolean } } } }).seqscopeBench;
  const problems: string[] = [];
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const until = async (ok: () => boolean, ms = 1500) => { const t0 = performance.now(); while (!ok() && performance.now() - t0 < ms) await new Promise((r) => setTimeout(r, 5)); await frame(); };
  let tPrev = performance.now();
  const failed = (where: string) => {
    const now = performance.now();
    if ((window as unknown as { __fuzzTrace?: boolean }).__fuzzTrace) problems.push(`trace ${where} ${Math.round(now - tPrev)} ms`);
    tPrev = now;
    for (const el of document.querySelectorAll('.region-failed')) problems.push(`${where}: ${el.getAttribute('data-region')} failed: ${el.querySelector('.region-error')?.textContent ?? ''}`);
  };
  const moved = () => { const s = B.state(); return !s.summary || s.summary.length === 0 || s.moment?.seq === s.cursor; };
  const tab = (name: string) => [...document.querySelectorAll<HTMLElement>('[role=tablist][aria-label=Views] [role=tab]')].find((t) => t.textContent === name);
  // every tab the app has (the Log last, for the row and the search)
  const names = [...document.querySelectorAll<HTMLElement>('[role=tablist][aria-label=Views] [role=tab]')].map((t) => t.textContent ?? '').filter((n) => n !== 'Log');
  for (const name of [...names, 'Log']) {
    tab(name)?.click();
    await frame(); await frame();
    failed(`tab ${name}`);
  }
  const slider = document.querySelector<HTMLElement>('[role=slider]');
  if (slider && B.state().summary) {
    const key = (k: string) => slider.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    slider.focus();
    key('Home'); await until(moved); failed('slider start');
    for (let i = 0; i < 10; i++) key('PageUp');
    await until(moved); failed('slider middle');
    key('End'); await until(moved); failed('slider end');
  }
  const row = document.querySelector<HTMLElement>('[role=listbox][aria-label=Events] [role=option][data-seq]');
  if (row) {
    row.click();
    await frame();
    const expand = document.querySelector<HTMLElement>('[aria-label=Inspector] button[aria-expanded=false]');
    expand?.click();
    await until(() => !!document.querySelector('[aria-label=Inspector] ul ul') || !expand, 1000);
    failed('inspector');
  }
  const input = document.querySelector<HTMLInputElement>('input[type=search]');
  if (input) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, query);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await frame();
    document.querySelector<HTMLElement>('button[aria-label="Next match"]')?.click();
    await until(() => B.state().search?.query === query && B.state().search?.done !== false, 3000);
    failed('search');
  }
  return problems;
}

async function newPage(browser: Browser, base: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  // tsx keeps function names with an `__name` helper that the page side lacks
  await page.addInitScript('globalThis.__name = (f) => f;');
  await page.addInitScript(stallProbe);
  if (process.env.FUZZ_TRACE) await page.addInitScript('globalThis.__fuzzTrace = true;');
  // `?bench` installs the state hooks; the default demo opens first
  await page.goto(`${base}/?bench`);
  await page.waitForFunction(() => (window as unknown as { seqscopeBench?: { state(): { phase: string } } }).seqscopeBench?.state().phase === 'ready', null, { timeout: 30_000 });
  return page;
}

/** One case: a corpus file, or the m-th mutated log. */
type Plan = { i: number; corpus?: CorpusFile; m: number };

/** Odd cases take the next corpus file while any is left; the rest are mutated logs, numbered in order. */
export function planCases(cases: number, corpus: readonly CorpusFile[]): Plan[] {
  const out: Plan[] = [];
  for (let i = 0, k = 0, m = 0; i < cases; i++) {
    if (i % 2 === 1 && k < corpus.length) out.push({ i, corpus: corpus[k++], m: -1 });
    else out.push({ i, m: m++ });
  }
  return out;
}

type Status = 'ok' | 'refused' | 'crash' | 'hang';

/** Runs the browser fuzzer; resolves with the exit code. */
export async function runBrowserFuzz(args: BrowserArgs): Promise<number> {
  ensureBuild((l) => console.error(`fuzz: ${l}`));
  const { base, stop } = await servePreview();
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const plan = planCases(args.cases, corpusFiles());
  // files are picked by path (the browser reads them from disk, as a user's pick): a buffer would
  // be decoded by script in the page, a main-thread stall that is the harness's, not the app's
  const tmp = mkdtempSync(join(tmpdir(), 'seqscope-fuzz-'));
  process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
  const sum = { cases: 0, ok: 0, refused: 0, crashes: 0, hangs: 0, maxMs: 0 };
  const every = Math.max(1, Math.ceil(args.cases / 20));
  let longestStall = 0;
  const t0 = Date.now();
  let next = 0;

  /** One page working through the shared queue; a crash or a hang gets it a fresh page. */
  const lane = async () => {
    let errors: string[] = [];
    const open = async () => {
      const p = await newPage(browser, base);
      p.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      p.on('crash', () => errors.push('the page crashed'));
      return p;
    };
    let page = await open();
    while (next < plan.length) {
      const { i, corpus: f, m } = plan[next++];
      let name: string, path: string, bytes: Uint8Array, expected: string | undefined, what: string;
      if (f) {
        name = f.name; path = f.path; bytes = new Uint8Array(readFileSync(f.path)); expected = f.expected; what = relative(ROOT, f.path);
      } else {
        const c = await makeCase(args.seed, m);
        name = `case-${m}${c.encoding === 'zstd' ? '.jsonl.zstd' : '.jsonl'}`; bytes = c.bytes; expected = undefined;
        path = join(tmp, name);
        writeFileSync(path, bytes);
        what = `mutated case ${m} (seed ${args.seed}, caseSeed ${c.caseSeed}, ${c.encoding}, ops ${c.ops.join('+')})`;
      }
      errors = [];
      let status: Status;
      let problem = '';
      try {
        const before = await page.evaluate(() => {
          (window as unknown as { __fuzzLongest: number }).__fuzzLongest = 0;
          return (window as unknown as { seqscopeBench: { settles(): number } }).seqscopeBench.settles();
        });
        await page.setInputFiles('input[type=file][aria-label="Open file"]', path, { timeout: OPEN_MS });
        const o = await withDeadline(page.evaluate(waitSettled, [before, OPEN_MS] as [number, number]), OPEN_MS + 5_000);
        sum.maxMs = Math.max(sum.maxMs, Math.round(o.ms));
        if (!o.settled) { status = 'hang'; problem = `no verdict banner or alert within ${OPEN_MS / 1000} s (phase ${o.phase})`; }
        else {
          status = o.verdict === 'ok' ? 'ok' : 'refused';
          if (expected !== undefined && (o.verdict !== expected || (o.fileName !== name && o.phase !== 'failed' && o.failed !== name))) { status = 'crash'; problem = `banner data-verdict ${o.verdict ?? '(none)'} for ${o.fileName ?? '(no file)'} (phase ${o.phase}), DSH says ${expected}`; }
          const found = await withDeadline(page.evaluate(exercise, SEARCHES[i % SEARCHES.length]), 30_000);
          const traced = found.filter((x) => x.startsWith('trace '));
          if (traced.length) console.error(traced.join(', '));
          const real = found.filter((x) => !x.startsWith('trace '));
          if (real.length) { status = 'crash'; problem = real.join('; '); }
        }
        const stall = await withDeadline(page.evaluate(() => (window as unknown as { __fuzzLongest: number }).__fuzzLongest), 5_000);
        longestStall = Math.max(longestStall, stall);
        if (status !== 'crash' && stall > STALL_MS) { status = 'hang'; problem = `main thread stalled ${Math.round(stall)} ms`; }
      } catch (e) {
        status = 'hang';
        problem = `the page stopped answering: ${(e as Error).message.split('\n')[0]}`;
      }
      if (errors.length) { status = 'crash'; problem = [...errors, problem].filter(Boolean).join('; '); }
      if (path.startsWith(tmp)) rmSync(path, { force: true });
      sum.cases++;
      if (status === 'ok') sum.ok++; else if (status === 'refused') sum.refused++; else if (status === 'hang') sum.hangs++; else sum.crashes++;
      if (status === 'crash' || status === 'hang') {
        console.error(`case ${i} (${what}): ${status}: ${problem}`);
        if (args.report) saveCase(args.report, i, name, bytes);
        // a fresh page, so that one bad case does not spoil the next
        await page.close().catch(() => undefined);
        page = await open();
      } else if (args.verbose) console.error(`case ${i} (${what}): ${status}`);
      if (sum.cases % every === 0 && sum.cases < args.cases) console.error(`fuzz: ${sum.cases}/${args.cases} cases, ${sum.crashes} crashes, ${sum.hangs} hangs, ${Math.round((Date.now() - t0) / 1000)} s`);
    }
    await page.close().catch(() => undefined);
  };
  const pages = Math.max(1, Math.min(args.pages ?? 2, plan.length));
  await Promise.all(Array.from({ length: pages }, lane));
  await browser.close();
  stop();
  console.error(`fuzz: ${sum.cases} cases in ${Math.round((Date.now() - t0) / 1000)} s on ${pages} page${pages === 1 ? "" : "s"}; longest main-thread task ${Math.round(longestStall)} ms`);
  const line = JSON.stringify(sum);
  if (args.report) { mkdirSync(dirname(args.report), { recursive: true }); writeFileSync(args.report, line + '\n'); }
  console.log(line);
  return sum.crashes + sum.hangs > 0 ? 1 : 0;
}

/** Keeps a failing case's bytes beside the report, to reproduce it. */
function saveCase(report: string, i: number, name: string, bytes: Uint8Array): void {
  const dir = join(dirname(report), 'fuzz-cases');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${i}-${name}`), bytes);
}

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((res, rej) => {
    const t = setTimeout(() => rej(new Error(`no answer within ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(t); res(v); }, (e) => { clearTimeout(t); rej(e); });
  });
}
