/**
 * `npm run -s bench -- bundle [--dir DIR] [--events N] [--loads N] [--trace FILE] [--trace-dropped FILE]`: a bundle of the large-session
 * profile log (`DIR/profile-N.jsonl.zstd`, generated as the other benches do when missing):
 * - its size against the log's zstd size plus the built app (dist/ without the demos and the
 *   template), and that sum plus 5 %;
 * - first usable view (the Log listing rows of the log) of the bundle opened from file:// (the
 *   e2e checks it fetches nothing), timed from navigation start (reading and parsing the page, the
 *   app's start and the load), against the same log chosen in the served app, timed from the
 *   moment it is chosen; and every view ready. `--loads` loads of each, alternating, each in a
 *   fresh tab: the medians. Prints figures; the last line is one JSON object. Not a test.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, servePreview } from '../src/testing/browser-harness';
import { cpuTimes, pct, stealPct, treeCpuMs } from './stats';

const rest = process.argv.slice(2);
const arg = (name: string, def: string) => { const i = rest.indexOf(`--${name}`); return i >= 0 ? rest[i + 1] : def; };
const events = Number(arg('events', '1300000'));
const dir = arg('dir', 'tmp/bench');
const port = Number(arg('port', '4181'));
const LOADS = Number(arg('loads', '3'));
/** `--trace FILE`: a Chromium trace (chrome://tracing, Perfetto) of one more bundle open, to its first view, not counted. */
const TRACE = arg('trace', '');
/** `--trace-dropped FILE`: the same of one more load of the log chosen in the served app, from the choice. */
const TRACE_DROPPED = arg('trace-dropped', '');
const bin = (n: string) => join('node_modules', '.bin', n);

mkdirSync(dir, { recursive: true });
mkdirSync('tmp', { recursive: true });
const zstd = join(dir, `profile-${events}.jsonl.zstd`);
if (!existsSync(zstd)) {
  console.log(`generating ${zstd} …`);
  execFileSync(bin('tsx'), ['src/synth/main.ts', '--events', String(events), '--out', zstd, '--seed', '7', '--zstd'], { stdio: 'inherit' });
}
console.log('building the app …');
execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });

const out = resolve('tmp/bench-bundle.html');
console.log(`bundling ${zstd} …`);
execFileSync(process.execPath, ['bin/seqscope.js', 'bundle', zstd, '-o', out], { stdio: 'inherit' });

const sizeOf = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((n, e) => n + sizeOf(join(p, e)), 0) : statSync(p).size);
const app = readdirSync('dist').filter((e) => e !== 'demo' && e !== 'bundle-template.html').reduce((n, e) => n + sizeOf(join('dist', e)), 0);
const logBytes = statSync(zstd).size, bundleBytes = statSync(out).size;
const limit = Math.round((logBytes + app) * 1.05);
const size = { bundleBytes, logZstdBytes: logBytes, appBytes: app, templateBytes: statSync('dist/bundle-template.html').size, limitBytes: limit, overLogPlusApp: +(bundleBytes / (logBytes + app)).toFixed(4) };
console.log(`size: bundle ${bundleBytes} bytes; log (zstd) ${logBytes} + built app ${app} = ${logBytes + app}; × 1.05 = ${limit}; bundle / (log + app) = ${size.overLogPlusApp} (${bundleBytes <= limit ? 'within' : 'over'} the limit)`);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const { base, stop } = await servePreview(port);

/** Marks `__first` (the Log lists rows) and `__ready` (a settled session) against the page's own clock, from its start. */
const WATCH = `
  window.__marks = {};
  const poll = () => {
    const m = window.__marks;
    if (m.t0 !== undefined || window.__watchFromStart) {
      const row = document.querySelector('[role=listbox][aria-label=Events] [data-seq] .type');
      if (m.first === undefined && row && row.textContent !== '…') { m.first = performance.now(); performance.mark('bench:first-view'); }
      if (m.ready === undefined && document.querySelector('[role=status][data-phase=ready][data-cursor]') && document.querySelector('[role=listbox] [data-seq]')) { m.ready = performance.now(); m.first ??= m.ready; }
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);`;

/**
 * Waits until the browser is idle (its processes under 10 % of a core over two 250 ms windows, 10 s
 * at most) and returns how long that took. A new tab of full Chromium starts browser work of its own
 * (its omnibox popup, a WebUI renderer: ~0.9 CPU-seconds in a trace, on two cores): the dropped
 * load's tab was opened seconds before the choice, the bundle's tab just before its navigation, so
 * without this the bundle's figure carried that work and the dropped one did not.
 */
async function settle(): Promise<number> {
  const t0 = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - t0 < 10_000) {
    const a = treeCpuMs(process.pid);
    await new Promise((r) => setTimeout(r, 250));
    const b = treeCpuMs(process.pid);
    quiet = a !== undefined && b !== undefined && b - a < 25 ? quiet + 1 : 0;
  }
  return Math.round(performance.now() - t0);
}

async function fresh() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript({ content: WATCH });
  return { context, page: await context.newPage() };
}

const marks = (page: Page) => page.evaluate(() => (window as unknown as { __marks: { t0?: number; first: number; ready: number } }).__marks);

/** The bundle from disk, network cut off; t0 = navigation start (performance.now() 0). */
async function openBundle(trace = ''): Promise<{ firstViewMs: number; readyMs: number; stealPct: number; settleMs: number }> {
  // not routed: Playwright would pass the 55 MB file itself through its interception (the CSP fetches nothing anyway)
  const { context, page } = await fresh();
  await context.addInitScript({ content: 'window.__watchFromStart = true;' });
  const settleMs = await settle();
  const stopTrace = trace ? await startTrace(context, page) : undefined;
  const cpu0 = cpuTimes();
  await page.goto(pathToFileURL(out).href, { timeout: 600_000, waitUntil: 'commit' });
  if (stopTrace) {
    await page.waitForFunction(() => (window as unknown as { __marks: { first?: number } }).__marks.first !== undefined, null, { timeout: 600_000, polling: 50 });
    await stopTrace(trace);
  }
  await page.waitForFunction(() => (window as unknown as { __marks: { ready?: number } }).__marks.ready !== undefined, null, { timeout: 600_000, polling: 100 });
  const m = await marks(page);
  const steal = stealPct(cpu0, cpuTimes());
  await context.close();
  return { firstViewMs: Math.round(m.first), readyMs: Math.round(m.ready), stealPct: steal, settleMs };
}

/**
 * Chromium's timeline (its threads' tasks with wall and CPU time, V8's compiles, the parser, user
 * timing marks) over CDP; the returned function ends it and writes the trace to a file.
 */
async function startTrace(context: BrowserContext, page: Page): Promise<(file: string) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => { events.push(...e.value); });
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'blink', 'blink.user_timing', 'loading', 'toplevel'];
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } } as never);
  return async (file) => {
    const done = new Promise<void>((r) => { cdp.once('Tracing.tracingComplete', () => r()); });
    await cdp.send('Tracing.end');
    await done;
    writeFileSync(file, JSON.stringify({ traceEvents: events }));
    console.log(`trace, to the first view: ${file}`);
  };
}

/** The same log chosen in the served app (already started); t0 = the file input's change. */
async function dropInApp(trace = ''): Promise<{ firstViewMs: number; readyMs: number; stealPct: number; settleMs: number }> {
  const { context, page } = await fresh();
  await page.goto(`${base}/?demo=demo.jsonl`);
  await page.waitForSelector('[role=status][data-phase=ready][data-cursor]');
  await page.evaluate(() => {
    const input = document.querySelector('input[type=file]:not([webkitdirectory])')!;
    input.addEventListener('change', () => { (window as unknown as { __marks: { t0?: number } }).__marks.t0 = performance.now(); }, { once: true, capture: true });
  });
  const settleMs = await settle();
  const stopTrace = trace ? await startTrace(context, page) : undefined;
  // the demo's rows must not count: wait for this load's own state
  const cpu0 = cpuTimes();
  await page.locator('input[type=file]:not([webkitdirectory])').setInputFiles(resolve(zstd));
  await page.waitForFunction(() => document.querySelector('[role=status][data-phase=loading]') || (window as unknown as { __marks: { ready?: number } }).__marks.ready, null, { timeout: 600_000, polling: 20 });
  await page.evaluate(() => { const m = (window as unknown as { __marks: Record<string, number | undefined> }).__marks; m.first = undefined; m.ready = undefined; });
  if (stopTrace) {
    await page.waitForFunction(() => (window as unknown as { __marks: { first?: number } }).__marks.first !== undefined, null, { timeout: 600_000, polling: 50 });
    await stopTrace(trace);
  }
  await page.waitForFunction(() => (window as unknown as { __marks: { ready?: number } }).__marks.ready !== undefined, null, { timeout: 600_000, polling: 100 });
  const m = await marks(page);
  const steal = stealPct(cpu0, cpuTimes());
  await context.close();
  return { firstViewMs: Math.round(m.first - m.t0!), readyMs: Math.round(m.ready - m.t0!), stealPct: steal, settleMs };
}

const samples = { bundle: [] as Awaited<ReturnType<typeof openBundle>>[], dropped: [] as Awaited<ReturnType<typeof dropInApp>>[] };
// the traced opens are ones of their own: tracing slows what it traces
if (TRACE) await openBundle(TRACE);
if (TRACE_DROPPED) await dropInApp(TRACE_DROPPED);
for (let i = 0; i < LOADS; i++) {
  samples.dropped.push(await dropInApp());
  samples.bundle.push(await openBundle());
  console.log(`load ${i + 1}: dropped first view ${samples.dropped[i].firstViewMs} ms (ready ${samples.dropped[i].readyMs}, steal ${samples.dropped[i].stealPct}%); bundle from file:// first view ${samples.bundle[i].firstViewMs} ms (ready ${samples.bundle[i].readyMs}, steal ${samples.bundle[i].stealPct}%); browser settled in ${samples.dropped[i].settleMs} / ${samples.bundle[i].settleMs} ms`);
}
await browser.close();
stop();
// --loads 0: the traces only
if (LOADS > 0) {
  const med = (k: 'bundle' | 'dropped', f: 'firstViewMs' | 'readyMs') => pct(samples[k].map((x) => x[f]), 50);
  const open = {
    bundleFirstViewMedianMs: med('bundle', 'firstViewMs'), droppedFirstViewMedianMs: med('dropped', 'firstViewMs'),
    bundleReadyMedianMs: med('bundle', 'readyMs'), droppedReadyMedianMs: med('dropped', 'readyMs'),
    firstViewRatio: +(med('bundle', 'firstViewMs') / med('dropped', 'firstViewMs')).toFixed(2),
    readyRatio: +(med('bundle', 'readyMs') / med('dropped', 'readyMs')).toFixed(2),
  };
  console.log(`first usable view, medians of ${LOADS}: bundle from file:// ${open.bundleFirstViewMedianMs} ms (from navigation start) against dropped on the served app ${open.droppedFirstViewMedianMs} ms (from the choice): ${open.firstViewRatio}×; every view ready ${open.bundleReadyMedianMs} against ${open.droppedReadyMedianMs} ms: ${open.readyRatio}×`);
  console.log(JSON.stringify({ events, size, open, samples }));
}
