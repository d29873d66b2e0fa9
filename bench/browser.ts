/**
 * `npm run -s bench -- browser` (issue 5): builds the app, generates the 1.3 M-event log (plain and
 * zstd, reused when present), serves dist with `vite preview` on 127.0.0.1 and drives Chromium:
 * for each file, in the built app, the worker's parse-only baseline (split + JSON.parse of the same
 * bytes, zstd decoded first) and full load, time to first usable view (the Log listing this file's
 * rows, which it does while the rest is still indexed) and to every view ready, scrubber updates over 200
 * random jumps (setting the cursor → the status region's data-cursor), the Diff of 100 random A/B
 * pairs (setting the marks → the Diff summary showing them, diffP95Ms), the overview strip's first draw
 * after the load settles (overviewMs) and its hover redraws, frame intervals while the
 * pointer drags the slider end to end, whole-log search, peak
 * memory while loading (JS heap + ArrayBuffer backing stores, page and worker, sampled every 100 ms
 * over CDP; the baseline and the rest are reported apart),
 * mounted rows, and memory after `--reloads` more loads of the file (after GC). Prints figures; the last
 * line is one JSON object. A benchmark, not a test: CI does not run it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, servePreview } from '../src/testing/browser-harness';
import { openInPage, scrubJumps } from './browser-page';
import { pageBytes, WorkerProbe } from './memory-probe';
import { cpuTimes, pct, r1, stealPct } from './stats';

const rest = process.argv.slice(2);
const arg = (name: string, def: string) => { const i = rest.indexOf(`--${name}`); return i >= 0 ? rest[i + 1] : def; };
const events = Number(arg('events', '1300000'));
const dir = arg('dir', 'tmp/bench');
const port = Number(arg('port', '4179'));
const JUMPS = 200;
/** `--loads N`: timing-only loads of each file, alternating, each in a fresh tab, whose medians are reported (one load is noise on a shared machine). */
const LOADS = Number(arg('loads', '5'));
/** `--reloads N`: loads of the file after the measured one, before memory is read after GC (default 5; a 4 GiB log takes minutes a load). */
const RELOADS = Number(arg('reloads', '5'));
/** `--trace`: print every memory sample (page and worker) while the file loads. */
const trace = rest.includes('--trace');
/** `--dist DIR`: serve a build kept in DIR instead of building this checkout (A/B: two builds back to back). */
const distDir = arg('dist', '');
/** `--only scrub`: load each file once and time the scrubber's jumps only (no timing loads, baseline, diff, drag, search, reloads). */
const scrubOnly = arg('only', '') === 'scrub';
const MB = 1024 * 1024;

mkdirSync(dir, { recursive: true });
const plain = join(dir, `profile-${events}.jsonl`);
const zstd = join(dir, `profile-${events}.jsonl.zstd`);
const bin = (n: string) => join('node_modules', '.bin', n);
for (const [file, extra] of [[plain, []], [zstd, ['--zstd']]] as const) {
  if (!existsSync(file)) {
    console.log(`generating ${file} …`);
    execFileSync(bin('tsx'), ['src/synth/main.ts', '--events', String(events), '--out', file, '--seed', '7', ...extra], { stdio: 'inherit' });
  }
}
if (distDir) console.log(`serving the build in ${distDir}`);
else {
  console.log('building the app …');
  execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

const { base, stop } = await servePreview(port, distDir ? resolve(distDir) : undefined);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
});


/** A fresh tab on the built app, ready for a file to be chosen. */
async function openTab() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // tsx (esbuild keepNames) wraps named functions in the callbacks below with __name(), which the page lacks
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const page = await context.newPage();
  await page.goto(`${base}/?bench`);
  await page.waitForSelector('[role=status][data-cursor]');
  return { context, page };
}

/** One load in a fresh tab, timed as `measure` times it (first usable view, every view ready), with the CPU steal meanwhile. */
async function timeLoad(file: string): Promise<{ firstViewMs: number; readyMs: number; stealPct: number }> {
  const { context, page } = await openTab();
  const cpu0 = cpuTimes();
  await openInPage(page, file);
  const steal = stealPct(cpu0, cpuTimes());
  const t = await page.evaluate(() => { const w = window as unknown as { __t0: number; __first: number; __ready: number }; return { firstViewMs: w.__first - w.__t0, readyMs: w.__ready - w.__t0 }; });
  await context.close();
  return { firstViewMs: Math.round(t.firstViewMs), readyMs: Math.round(t.readyMs), stealPct: steal };
}

async function measure(name: string, file: string) {
  const { context, page } = await openTab();
  const cdp = await context.newCDPSession(page);
  const probe = new WorkerProbe(await browser.newBrowserCDPSession());
  let peak = 0, peakPage = 0, peakWorker = 0, sampling = true, traceT0 = performance.now(), tracing = trace;
  const sampler = (async () => {
    while (sampling) {
      try {
        const pg = await pageBytes(cdp), wk = await probe.bytes();
        peak = Math.max(peak, pg + wk); peakPage = Math.max(peakPage, pg); peakWorker = Math.max(peakWorker, wk);
        if (tracing) console.log(`  ${name} t=${Math.round(performance.now() - traceT0)} ms page ${Math.round(pg / MB)} MB worker ${Math.round(wk / MB)} MB`);
      } catch { /* target switching */ }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  // the first animation frame after the strip's first draw: the frame that shows it (the draw itself
  // runs inside the settle render, so what else that task does delays the picture too)
  await page.evaluate(() => {
    const w = window as unknown as { __ovFrame?: number };
    w.__ovFrame = undefined;
    const po = new PerformanceObserver((list) => {
      if (!list.getEntries().some((e) => e.name === 'seqscope:overview-drawn')) return;
      po.disconnect();
      requestAnimationFrame(() => { w.__ovFrame = performance.now(); });
    });
    po.observe({ entryTypes: ['mark'] });
  });
  traceT0 = performance.now();
  const cpu0 = cpuTimes();
  await openInPage(page, file);
  const loadSteal = stealPct(cpu0, cpuTimes());
  tracing = false;
  const t = await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __first: number; __ready: number; seqscopeBench: { state(): { summary: { loadMs: number; length: number; overviewBuildMs?: number } } } };
    const s = w.seqscopeBench.state().summary;
    return { firstViewMs: w.__first - w.__t0, readyMs: w.__ready - w.__t0, loadMs: s.loadMs, length: s.length, overviewBuildMs: s.overviewBuildMs ?? NaN };
  });
  // the overview strip: from the load settling (the summary, which carries the overview, reaches the
  // store) to its first draw, then 60 hovers across it, each from the pointer event to the overlay and numbers redrawn
  const overview = await page.evaluate(async () => {
    const last = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN;
    for (let i = 0; i < 600 && !(last('seqscope:overview-drawn') > last('seqscope:overview-requested')); i++) await new Promise((r) => setTimeout(r, 50));
    // the first draw after the load settled (a later redraw must not stand in for it)
    const settled = last('seqscope:overview-requested');
    const drawnMs = (performance.getEntriesByName('seqscope:overview-drawn').find((e) => e.startTime > settled)?.startTime ?? NaN) - settled;
    for (let i = 0; i < 100 && (window as unknown as { __ovFrame?: number }).__ovFrame === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    const frameMs = ((window as unknown as { __ovFrame?: number }).__ovFrame ?? NaN) - settled;
    const chart = document.querySelector('[data-testid=overview-chart]') as HTMLElement;
    const box = chart.getBoundingClientRect();
    const hovers: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      const done = new Promise<void>((resolve) => {
        const po = new PerformanceObserver((list) => { if (list.getEntries().some((e) => e.startTime >= t0)) { po.disconnect(); resolve(); } });
        po.observe({ entryTypes: ['mark'] });
      });
      chart.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: box.left + ((i * 37) % 100) / 100 * box.width, clientY: box.top + 30 }));
      await done;
      hovers.push(performance.getEntriesByName('seqscope:overview-hover').at(-1)!.startTime - t0);
    }
    return { drawnMs, frameMs, hovers };
  });
  // the load's own peak; what follows (the baseline parses a second copy of the file in the same worker) is reported apart
  const loadPeak = peak, loadPeakPage = peakPage, loadPeakWorker = peakWorker;
  // what the tab keeps of the loaded session (issue 29: an index, not the text), after GC
  const retained = (await pageBytes(cdp, true)) + (await probe.bytes(true));
  peak = 0;
  // parse-only baseline, in the same worker, on the same bytes
  const parse = await page.evaluate(async () => {
    const w = window as unknown as { __file: Blob; seqscopeBench: { parseOnly(f: Blob): Promise<{ ms: number; events: number }> } };
    return w.seqscopeBench.parseOnly(w.__file);
  });

  const scrub = await scrubJumps(page, JUMPS, t.length - 1);

  // diff: 100 random A/B pairs with the Diff tab open, time from setting the marks to the Diff
  // summary showing that pair (worker diff from the timeline, transfer, render)
  await page.getByRole('tab', { name: 'Diff' }).click();
  const diff = await page.evaluate(async ({ pairs, last }) => {
    const B = (window as unknown as { seqscopeBench: { setMarks(a: number, b: number): void } }).seqscopeBench;
    let x = 11;
    const rnd = () => { x = (x * 1103515245 + 12345) & 0x7fffffff; return x / 0x7fffffff; };
    const shown = (a: number, b: number) => {
      const el = document.querySelector<HTMLElement>('[aria-label="Diff summary"]');
      return el?.dataset.a === String(a) && el?.dataset.b === String(b);
    };
    const times: number[] = [];
    let maxChanged = 0;
    for (let i = 0; i < pairs; i++) {
      const a = Math.floor(rnd() * (last + 1)), b = Math.floor(rnd() * (last + 1));
      const t0 = performance.now();
      await new Promise<void>((done) => {
        const mo = new MutationObserver(() => { if (shown(a, b)) { mo.disconnect(); done(); } });
        mo.observe(document.body, { attributes: true, childList: true, subtree: true });
        B.setMarks(a, b);
        if (shown(a, b)) { mo.disconnect(); done(); }
      });
      times.push(performance.now() - t0);
      // a user reads the result: let the visible cards arrive before the next pair
      await new Promise((r) => setTimeout(r, 250));
      const el = document.querySelector('[aria-label="Diff summary"]') as HTMLElement;
      maxChanged = Math.max(maxChanged, Number(el.dataset.added) + Number(el.dataset.removed));
    }
    return { times, maxChanged };
  }, { pairs: 100, last: t.length - 1 });
  await page.getByRole('tab', { name: 'Log' }).click();

  // drag: the pointer sweeps the slider over 150 moves while a rAF loop records frame intervals and
  // the status region's cursor changes (how many distinct moments the views showed)
  const box = (await page.getByRole('slider', { name: 'Seq' }).boundingBox())!;
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __dragging: boolean; __cursors: Set<string>; __mo: MutationObserver };
    w.__frames = []; w.__dragging = true; w.__cursors = new Set();
    let prev = performance.now();
    const loop = (t: number) => { w.__frames.push(t - prev); prev = t; if (w.__dragging) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
    const st = document.querySelector('[role=status]') as HTMLElement;
    w.__mo = new MutationObserver(() => { w.__cursors.add(st.dataset.cursor ?? ''); });
    w.__mo.observe(st, { attributes: true, attributeFilter: ['data-cursor'] });
  });
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  const dragT0 = performance.now();
  for (let i = 0; i <= 150; i++) await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / 150, y);
  await page.mouse.up();
  const dragMs = performance.now() - dragT0;
  const drag = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __dragging: boolean; __cursors: Set<string>; __mo: MutationObserver };
    w.__dragging = false; w.__mo.disconnect();
    return { frames: w.__frames.slice(1), moments: w.__cursors.size };
  });

  // mounted rows in every view, at the end of the log
  let rows = scrub.rows;
  await page.evaluate((last) => (window as unknown as { seqscopeBench: { setCursor(n: number): void } }).seqscopeBench.setCursor(last), t.length - 1);
  for (const tab of ['Surface', 'Transcript', 'Compare', 'Log']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(400);
    rows = Math.max(rows, await page.locator('[data-seq]').count());
  }

  // search: a word that occurs, and one that does not (both scan the whole log); the first hit's time as the page gets it
  const search = await page.evaluate(async () => {
    const B = (window as unknown as { seqscopeBench: { runSearch(q: string): Promise<void>; state(): { search?: { hits: Int32Array } } } }).seqscopeBench;
    const out: Record<string, { ms: number; hits: number; firstHitMs: number }> = {};
    for (const q of ['Reconciles', 'zq-no-such-text-qz']) {
      const t0 = performance.now();
      let first = NaN, done = false;
      const watch = () => { if (Number.isNaN(first) && (B.state().search?.hits.length ?? 0) > 0) first = performance.now() - t0; if (!done) setTimeout(watch, 2); };
      watch();
      await B.runSearch(q);
      done = true;
      out[q] = { ms: performance.now() - t0, hits: B.state().search?.hits.length ?? 0, firstHitMs: first };
    }
    await B.runSearch('');
    return out;
  });

  // more loads of the same file, then GC, then what the tab holds
  for (let i = 0; i < RELOADS; i++) await openInPage(page, file);
  await page.waitForTimeout(300);
  const after5 = (await pageBytes(cdp, true)) + (await probe.bytes(true));
  sampling = false;
  await sampler;
  await context.close();

  const plaintextMb = (name === 'plain' ? statSync(file).size : statSync(plain).size) / MB;
  const searchMs = Math.max(...Object.values(search).map((s) => s.ms));
  const figures = {
    parseMs: Math.round(parse.ms), loadMs: Math.round(t.loadMs), ratio: +(t.loadMs / parse.ms).toFixed(2),
    firstViewMs: Math.round(t.firstViewMs), overviewMs: Math.round(overview.drawnMs), overviewFrameMs: Math.round(overview.frameMs), overviewBuildMs: Math.round(t.overviewBuildMs), overviewHoverP95Ms: r1(pct(overview.hovers, 95)), scrubP50Ms: r1(pct(scrub.times, 50)), scrubP95Ms: r1(pct(scrub.times, 95)), diffP95Ms: r1(pct(diff.times, 95)),
    readyMs: Math.round(t.readyMs), dragFrameP95Ms: r1(pct(drag.frames, 95)), searchMs: Math.round(searchMs), searchFirstHitMs: Math.round(search.Reconciles.firstHitMs), heapMb: Math.round(loadPeak / MB), retainedMb: Math.round(retained / MB), retainedPerPlain: +(retained / MB / plaintextMb).toFixed(3), afterLoadPeakMb: Math.round(peak / MB), plaintextMb: r1(plaintextMb), rows, heapAfter5Mb: Math.round(after5 / MB), loadStealPct: loadSteal,
  };
  console.log(`${name}: ${statSync(file).size} bytes, ${t.length} events; parse-only ${figures.parseMs} ms (${parse.events} records); full load ${figures.loadMs} ms; ratio ${figures.ratio}; first usable view (the Log listing rows) ${figures.firstViewMs} ms, every view ready ${figures.readyMs} ms after the file was chosen; the host took ${loadSteal}% of the CPU meanwhile (steal)`);
  console.log(`${name}: overview strip drawn ${figures.overviewMs} ms after the load settled (its frame began at ${figures.overviewFrameMs} ms; the worker built its aggregates in ${figures.overviewBuildMs} ms before the load settled); hover redraw p50 ${r1(pct(overview.hovers, 50))} ms, p95 ${figures.overviewHoverP95Ms} ms, max ${r1(Math.max(...overview.hovers))} ms over ${overview.hovers.length} hovers`);
  console.log(`${name}: scrubber p50 ${figures.scrubP50Ms} ms, p95 ${figures.scrubP95Ms} ms, max ${r1(Math.max(...scrub.times))} ms over ${scrub.times.length} jumps`);
  console.log(`${name}: diff of two moments p50 ${r1(pct(diff.times, 50))} ms, p95 ${figures.diffP95Ms} ms, max ${r1(Math.max(...diff.times))} ms over ${diff.times.length} random A/B pairs (up to ${diff.maxChanged} surface nodes added + removed)`);
  console.log(`${name}: drag over the slider (${Math.round(dragMs)} ms, 151 pointer moves): frame interval p50 ${r1(pct(drag.frames, 50))} ms, p95 ${figures.dragFrameP95Ms} ms, max ${r1(Math.max(...drag.frames))} ms over ${drag.frames.length} frames; ${drag.moments} moments shown`);
  console.log(`${name}: search ${Object.entries(search).map(([q, s]) => `"${q}" ${Math.round(s.ms)} ms (${s.hits} hits${s.hits ? `, the first after ${Math.round(s.firstHitMs)} ms` : ''})`).join(', ')}`);
  console.log(`${name}: retained after the load (GC; JS heap + ArrayBuffers, page + worker) ${figures.retainedMb} MB, ${figures.retainedPerPlain}× the ${figures.plaintextMb} MB plaintext; the parse-only baseline ${figures.parseMs} ms, every view ready ${(t.readyMs / parse.ms).toFixed(2)}× it`);
  console.log(`${name}: peak memory while loading ${figures.heapMb} MB (JS heap + ArrayBuffers, page + worker) for ${figures.plaintextMb} MB plaintext (${(figures.heapMb / plaintextMb).toFixed(2)}×; page alone peaked at ${Math.round(loadPeakPage / MB)} MB, worker alone at ${Math.round(loadPeakWorker / MB)} MB); afterwards (baseline run, scrub, search, reloads) ${figures.afterLoadPeakMb} MB; max mounted rows ${rows}; after 5 more loads + GC ${figures.heapAfter5Mb} MB`);
  return figures;
}

/** `--only scrub`: each file loaded once in a fresh tab, let settle, then `--rounds` (default 2) rounds of the jumps; each round's figures. */
async function scrubOnlyRun(name: string, file: string) {
  const rounds = Number(arg('rounds', '2'));
  const { context, page } = await openTab();
  await openInPage(page, file);
  const last = await page.evaluate(() => (window as unknown as { seqscopeBench: { state(): { summary: { length: number } } } }).seqscopeBench.state().summary.length - 1);
  // the load's own tail (overview, first moment) is over before the first jump
  await page.waitForTimeout(2000);
  const out: { p50: number; p95: number; max: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    const { times } = await scrubJumps(page, JUMPS, last);
    out.push({ p50: r1(pct(times, 50)), p95: r1(pct(times, 95)), max: r1(Math.max(...times)) });
    console.log(`${name}: round ${r + 1}: scrubber p50 ${out[r].p50} ms, p95 ${out[r].p95} ms, max ${out[r].max} ms over ${times.length} jumps`);
  }
  await context.close();
  return { scrubP50Ms: out.map((x) => x.p50), scrubP95Ms: out.map((x) => x.p95) };
}

const result: Record<string, unknown> = {};
try {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${browser.version()}`);
  if (scrubOnly) {
    for (const [name, file] of [['plain', plain], ['zstd', zstd]] as const) result[name] = await scrubOnlyRun(name, file);
  } else await fullRun(result);
} finally {
  await browser.close();
  stop();
}
console.log(JSON.stringify(result));

/** Every figure: the timing loads' medians, then each file measured. */
async function fullRun(result: Record<string, unknown>): Promise<void> {
  // the load figures as medians of alternating loads (plain, zstd, plain, …), each in a fresh tab
  const samples: Record<'plain' | 'zstd', Awaited<ReturnType<typeof timeLoad>>[]> = { plain: [], zstd: [] };
  for (let i = 0; i < LOADS; i++) for (const [name, file] of [['plain', plain], ['zstd', zstd]] as const) samples[name].push(await timeLoad(file));
  const med = (name: 'plain' | 'zstd', k: 'firstViewMs' | 'readyMs') => pct(samples[name].map((x) => x[k]), 50);
  for (const name of ['plain', 'zstd'] as const) {
    console.log(`${name}: over ${LOADS} loads, each in a fresh tab: first usable view median ${med(name, 'firstViewMs')} ms, every view ready median ${med(name, 'readyMs')} ms (ready: ${samples[name].map((x) => `${x.readyMs} ms at ${x.stealPct}% steal`).join(', ')})`);
  }
  const ratios = { firstView: +(med('zstd', 'firstViewMs') / med('plain', 'firstViewMs')).toFixed(2), ready: +(med('zstd', 'readyMs') / med('plain', 'readyMs')).toFixed(2) };
  console.log(`zstd against plain (medians): first usable view ${ratios.firstView}×, every view ready ${ratios.ready}×`);
  result.plain = { ...(await measure('plain', plain)), firstViewMedianMs: med('plain', 'firstViewMs'), readyMedianMs: med('plain', 'readyMs'), readySamplesMs: samples.plain.map((x) => x.readyMs), stealSamplesPct: samples.plain.map((x) => x.stealPct) };
  result.zstd = { ...(await measure('zstd', zstd)), firstViewMedianMs: med('zstd', 'firstViewMs'), readyMedianMs: med('zstd', 'readyMs'), readySamplesMs: samples.zstd.map((x) => x.readyMs), stealSamplesPct: samples.zstd.map((x) => x.stealPct) };
  result.zstdAgainstPlain = ratios;
}
