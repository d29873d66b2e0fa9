/**
 * `npm run -s bench -- folder` (issue 16's goals): the built app in Chromium, served with the
 * folder by the CLI's own `seqscope serve` server (src/cli/serve.ts) on 127.0.0.1.
 *
 * - Listing: a synthetic DSH home of `--sessions` (default 1,000) sessions (src/synth/folder.ts:
 *   several projects, plain and zstd, log-uniform sizes, forks; written once under tmp/bench) set
 *   through the webkitdirectory input, `--runs` times (default 3) in a fresh page each: the time from
 *   the input's change event to every session listed (every header read, the summary saying so,
 *   and the rows on screen showing their titles). Goal: within 2 s. Then, once, the time until
 *   every session is checked (verdicts are judged lazily in the folder worker).
 * - Following: a small log and the 1.3 M-event profile, opened with `?url=…&follow`; `--appends`
 *   turns (default 10, 8 events each) appended one at a time at a random phase of the 500 ms poll,
 *   each timed from the write to the status region's data-events counting it (median, max). Goal:
 *   within 1 s at any log size. Then, on the large log, JS heap + ArrayBuffers of the page and its
 *   workers after GC, before and after `--heap-turns` more turns (default 2,000) appended: growth
 *   against the appended bytes, beside what the initial load holds per byte of file.
 *
 * Prints figures; the last line is one JSON object. A benchmark, not a test: CI does not run it.
 */
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, openSync, readSync, closeSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from '../src/cli/serve';
import { jsonl, closedToolTurn } from '../src/testing/builders';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureBuild, ROOT } from '../src/testing/browser-harness';
import { planFolder, writeFolder } from '../src/synth/folder';
import { writeSession } from '../src/synth/file';
import { Synthesizer } from '../src/synth/generate';
import { pageBytes, WorkerProbe } from './memory-probe';
import { pct, r1 } from './stats';

const rest = process.argv.slice(2);
const arg = (name: string, def: string) => { const i = rest.indexOf(`--${name}`); return i >= 0 ? rest[i + 1] : def; };
const sessions = Number(arg('sessions', '1000'));
const runs = Number(arg('runs', '3'));
const appends = Number(arg('appends', '10'));
const heapTurns = Number(arg('heap-turns', '2000'));
const dir = resolve(arg('dir', 'tmp/bench'));
const large = resolve(arg('large', join(dir, 'profile-1300000.jsonl')));
const KB = 1024, MB = 1024 * 1024;

// the DSH home, written once (a marker file says it is complete)
const home = join(dir, `folder-${sessions}`);
if (!existsSync(join(home, '.complete'))) {
  rmSync(home, { recursive: true, force: true });
  console.log(`writing ${sessions} sessions to ${home} …`);
  const bytes = await writeFolder(home, planFolder({ sessions, seed: 16 }), (d) => { if (d % 100 === 0) console.log(`  ${d}/${sessions}`); });
  writeFileSync(join(home, '.complete'), String(bytes));
}
const homeBytes = Number(readFileSync(join(home, '.complete'), 'utf8'));
if (!existsSync(large)) {
  console.log(`generating ${large} …`);
  const s = new Synthesizer({ seed: 7, events: 1_300_000 });
  await writeSession(large, s.header, (function* () { for (const b of s.run()) yield* b; })(), 'jsonl', {});
}
const smallSrc = join(dir, 'follow-small.jsonl');
if (!existsSync(smallSrc)) {
  const s = new Synthesizer({ seed: 5, events: 2000 });
  await writeSession(smallSrc, s.header, (function* () { for (const b of s.run()) yield* b; })(), 'jsonl', {});
}

// the followed files are fresh copies each run: appending changes them
const liveDir = join(dir, 'follow');
rmSync(liveDir, { recursive: true, force: true });
mkdirSync(join(liveDir, 'small'), { recursive: true });
mkdirSync(join(liveDir, 'large'), { recursive: true });
copyFileSync(smallSrc, join(liveDir, 'small', 'session.jsonl'));
copyFileSync(large, join(liveDir, 'large', 'session.jsonl'));

ensureBuild((l) => console.log(l));
const server = await startServer({ distDir: join(ROOT, 'dist'), dir: liveDir, port: 0 });
const base = `http://127.0.0.1:${server.port}`;
const fsBase = `/fs/${server.token}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // tsx (esbuild keepNames) wraps named functions in the callbacks below with __name(), which the page lacks
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return { context, page: await context.newPage() };
}

interface Listing { listMs: number; firstRowsMs: number; appListMs: number; setFilesMs: number; rows: number; checkedMs?: number }

/** Sets the home through the webkitdirectory input; times the change event to every session listed. */
async function listOnce(judge: boolean): Promise<Listing> {
  const { context, page } = await newPage();
  try {
    await page.goto(`${base}/`);
    const input = page.getByLabel('Choose a folder');
    await input.waitFor({ state: 'attached' });
    await page.evaluate((n) => {
      const w = window as unknown as { __t0?: number; __rows?: number; __listed?: number; __shown?: number };
      const el = document.querySelector('input[webkitdirectory]')!;
      el.addEventListener('change', () => {
        w.__t0 = performance.now();
        const poll = () => {
          const sum = document.querySelector<HTMLElement>('[data-testid=folder-summary]');
          const rows = [...document.querySelectorAll('[aria-label="Folder sessions"] [role=option]')];
          if (rows.length && w.__rows === undefined) w.__rows = performance.now();
          // listed: every header read and shown in the summary, rows on screen with their titles
          const titled = rows.length > 0 && rows.every((r) => (r.querySelector('.folder-title')?.textContent ?? '').trim() !== '');
          if (sum && sum.dataset.sessions === String(n) && sum.dataset.headers === String(n) && titled) {
            w.__listed = performance.now();
            w.__shown = rows.length;
          } else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }, { once: true, capture: true });
    }, sessions);
    const t0 = performance.now();
    await input.setInputFiles(home);
    const setFilesMs = performance.now() - t0;
    await page.waitForFunction(() => (window as unknown as { __listed?: number }).__listed !== undefined, null, { timeout: 120_000, polling: 50 });
    const t = await page.evaluate(() => {
      const w = window as unknown as { __t0: number; __rows: number; __listed: number; __shown: number };
      const text = document.querySelector('[data-testid=folder-summary]')!.textContent ?? '';
      return { listMs: w.__listed - w.__t0, firstRowsMs: w.__rows - w.__t0, rows: w.__shown, appListMs: Number(/listed in (\d+) ms/.exec(text)?.[1] ?? NaN) };
    });
    const out: Listing = { ...t, setFilesMs };
    if (judge) {
      await page.waitForFunction((n) => document.querySelector('[data-testid=folder-summary]')?.getAttribute('data-checked') === String(n), sessions, { timeout: 900_000, polling: 250 });
      out.checkedMs = await page.evaluate(() => performance.now() - (window as unknown as { __t0: number }).__t0);
    }
    return out;
  } finally {
    await context.close();
  }
}

/** The last event's seq and the highest turn in a log's tail (the appended turns follow them). */
function tailOf(file: string): { seq: number; turn: number } {
  const size = statSync(file).size, n = Math.min(size, 256 * KB);
  const buf = Buffer.alloc(n);
  const fd = openSync(file, 'r');
  readSync(fd, buf, 0, n, size - n);
  closeSync(fd);
  let seq = -1, turn = 0;
  for (const line of buf.toString('utf8').split('\n').slice(1)) {
    try {
      const r = JSON.parse(line) as { seq?: number; data?: { turn?: number } };
      if (typeof r.seq === 'number') seq = Math.max(seq, r.seq);
      if (typeof r.data?.turn === 'number') turn = Math.max(turn, r.data.turn);
    } catch { /* a partial first line */ }
  }
  return { seq, turn };
}

/** Closed tool turns after `at`, stamped with the wall time they are written at. */
function turns(at: { seq: number; turn: number }, count: number): { text: string; events: number } {
  const now = Date.now();
  const evs = [];
  for (let i = 0; i < count; i++) {
    evs.push(...closedToolTurn(at.seq + 1, at.turn + 1).map((e) => ({ ...e, time: now })));
    at.seq += 8; at.turn += 1;
  }
  return { text: jsonl(evs), events: evs.length };
}

interface Follow { loadMs: number; events: number; latencies: number[]; heap?: { before: number; after: number; cold: number; appendedBytes: number; appendedEvents: number; loaded: number; drift: number } }

/** Follows `rel` over HTTP; appends turns and times each until the page's data-events counts it. */
async function follow(name: string, rel: string, measureHeap: boolean): Promise<Follow> {
  const file = join(liveDir, rel);
  const { context, page } = await newPage();
  try {
    const cdp = await context.newCDPSession(page);
    const probe = new WorkerProbe(await browser.newBrowserCDPSession());
    const t0 = performance.now();
    await page.goto(`${base}/?url=${encodeURIComponent(fsBase + rel)}&follow`);
    const at = tailOf(file);
    const n0 = at.seq + 1;
    await page.waitForFunction((n) => document.querySelector('[role=status]')?.getAttribute('data-events') === String(n), n0, { timeout: 600_000, polling: 100 });
    const loadMs = performance.now() - t0;
    // every change of data-events, with the wall time it happened at
    await page.evaluate(() => {
      const w = window as unknown as { __ev: { n: number; t: number }[] };
      w.__ev = [];
      const st = document.querySelector('[role=status]') as HTMLElement;
      new MutationObserver(() => w.__ev.push({ n: Number(st.dataset.events), t: Date.now() })).observe(st, { attributes: true, attributeFilter: ['data-events'] });
    });
    const seen = async (n: number, timeout = 60_000) => {
      const handle = await page.waitForFunction((target) => (window as unknown as { __ev: { n: number; t: number }[] }).__ev.find((e) => e.n >= target)?.t, n, { timeout, polling: 20 });
      return (await handle.jsonValue()) as number;
    };
    const latencies: number[] = [];
    let expect = n0;
    for (let i = 0; i < appends; i++) {
      // a random phase of the poll: a write lands anywhere in its 500 ms
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
      const t = turns(at, 1);
      appendFileSync(file, t.text);
      const written = Date.now();
      expect += t.events;
      latencies.push((await seen(expect)) - written);
    }
    console.log(`${name}: ${n0.toLocaleString()} events (${(statSync(file).size / MB).toFixed(1)} MB), loaded and shown in ${Math.round(loadMs)} ms; append → data-events: ${latencies.map((l) => Math.round(l)).join(', ')} ms`);
    const out: Follow = { loadMs, events: n0, latencies };
    if (measureHeap) {
      const settle = async () => { await page.waitForTimeout(1500); return (await pageBytes(cdp, true)) + (await probe.bytes(true)); };
      const loaded = await settle();
      const before = await settle();
      // as DSH writes: batches of a few turns, each written while the page polls
      let bytes = 0, events = 0;
      const per = 50;
      for (let done = 0; done < heapTurns; done += per) {
        const t = turns(at, Math.min(per, heapTurns - done));
        appendFileSync(file, t.text);
        bytes += Buffer.byteLength(t.text); events += t.events;
        expect += t.events;
        await seen(expect);
      }
      const after = await settle();
      // what the same grown file holds when loaded cold: the memory the appended events need
      await page.goto('about:blank');
      await page.goto(`${base}/?url=${encodeURIComponent(fsBase + rel)}&follow`);
      await page.waitForFunction((n) => document.querySelector('[role=status]')?.getAttribute('data-events') === String(n), expect, { timeout: 600_000, polling: 100 });
      const cold = await settle();
      out.heap = { before, after, cold, appendedBytes: bytes, appendedEvents: events, loaded, drift: before - loaded };
    }
    return out;
  } finally {
    await page.goto('about:blank').catch(() => undefined);
    await context.close();
  }
}

const result: Record<string, unknown> = {};
try {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${browser.version()}`);
  console.log(`folder: ${sessions} sessions, ${(homeBytes / MB).toFixed(1)} MB in ${home}`);
  const lists: Listing[] = [];
  for (let i = 0; i < runs; i++) {
    const l = await listOnce(i === runs - 1);
    lists.push(l);
    console.log(`listing run ${i + 1}: all ${sessions} listed ${Math.round(l.listMs)} ms after the change event (rows first on screen at ${Math.round(l.firstRowsMs)} ms, ${l.rows} rows mounted; the app's own "listed in" ${l.appListMs} ms; setInputFiles took ${Math.round(l.setFilesMs)} ms)${l.checkedMs !== undefined ? `; every session checked at ${(l.checkedMs / 1000).toFixed(1)} s` : ''}`);
  }
  const listMs = lists.map((l) => l.listMs);
  console.log(`listing: best ${Math.round(Math.min(...listMs))} ms, median ${Math.round(pct(listMs, 50))} ms over ${runs} runs (goal ≤ 2000 ms)`);

  const small = await follow('small log', 'small/session.jsonl', false);
  const big = await follow('large log', 'large/session.jsonl', true);
  const h = big.heap!;
  const growth = h.after - h.before;
  const loadedPerByte = h.loaded / statSync(large).size;
  console.log(`append latency: small p50 ${Math.round(pct(small.latencies, 50))} ms, max ${Math.round(Math.max(...small.latencies))} ms; large p50 ${Math.round(pct(big.latencies, 50))} ms, max ${Math.round(Math.max(...big.latencies))} ms over ${appends} appends each (goal ≤ 1000 ms; the page polls every 500 ms)`);
  const needed = h.cold - h.loaded;
  console.log(`memory (page + workers, JS heap + ArrayBuffers, after GC): ${(h.loaded / MB).toFixed(1)} MB once the large log is loaded (${loadedPerByte.toFixed(2)} bytes per file byte; ${(h.drift / KB).toFixed(0)} KB drift while idle); after ${h.appendedEvents.toLocaleString()} more events (${(h.appendedBytes / KB).toFixed(0)} KB appended) ${(h.after / MB).toFixed(1)} MB: grew ${(growth / KB).toFixed(0)} KB = ${(growth / h.appendedBytes).toFixed(2)} bytes per appended byte; the grown file loaded cold holds ${(h.cold / MB).toFixed(1)} MB, ${(needed / KB).toFixed(0)} KB more than the log before the appends (following holds ${(h.after - h.cold >= 0 ? '+' : '')}${((h.after - h.cold) / KB).toFixed(0)} KB against a cold load)`);
  Object.assign(result, {
    sessions, folderMb: r1(homeBytes / MB),
    listMs: Math.round(Math.min(...listMs)), listMedianMs: Math.round(pct(listMs, 50)), listRuns: listMs.map(Math.round),
    checkedAllMs: Math.round(lists.at(-1)!.checkedMs ?? NaN),
    appendP50Ms: Math.round(pct(small.latencies, 50)), appendMaxMs: Math.round(Math.max(...small.latencies)),
    largeEvents: big.events, largeLoadMs: Math.round(big.loadMs),
    appendLargeP50Ms: Math.round(pct(big.latencies, 50)), appendLargeMaxMs: Math.round(Math.max(...big.latencies)),
    heapGrowthKb: Math.round(growth / KB), coldLoadGrowthKb: Math.round(needed / KB), followOverColdKb: Math.round((h.after - h.cold) / KB), appendedKb: Math.round(h.appendedBytes / KB), growthPerAppendedByte: +(growth / h.appendedBytes).toFixed(2),
    loadedPerFileByte: +loadedPerByte.toFixed(2),
  });
} finally {
  await browser.close();
  server.server.close();
  server.server.closeAllConnections();
}
console.log(JSON.stringify(result));
