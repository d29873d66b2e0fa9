/**
 * `npm run -s demo -- --session FILE --tour FILE --out demo.webm [--speed N] [--size 1280x720] [--fps 10] [--port N]`
 *
 * Plays a tour over a session in headless Chromium and records it as a video: the built app is
 * served on 127.0.0.1, the session and the tour are opened through the app's own file inputs, and
 * frames come from the Chrome DevTools screencast (Playwright's recordVideo needs an ffmpeg build it
 * would download, which cannot happen here). Debian's ffmpeg encodes them at a constant frame rate
 * (VP9 WebM); it is installed with apt when missing, as Chromium is for the tests.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium } from '@playwright/test';
import { TOUR_SPEEDS, validateTour } from '../src/core/tour';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureBuild, servePreview } from '../src/testing/browser-harness';

const USAGE = 'usage: npm run -s demo -- --session FILE --tour FILE --out FILE.webm [--speed N] [--size WxH] [--fps N] [--port N]';

function args(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (!k.startsWith('--') || argv[i + 1] === undefined) { console.error(USAGE); process.exit(2); }
    out[k.slice(2)] = argv[++i];
  }
  for (const need of ['session', 'tour', 'out']) if (!out[need]) { console.error(`missing --${need}. ${USAGE}`); process.exit(2); }
  return out;
}

function ensureFfmpeg(): void {
  try { execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' }); return; } catch { /* install below */ }
  console.log('installing Debian\'s ffmpeg with apt …');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (cmd: string[]) => execFileSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run([...sudo, 'apt-get', 'update', '-qq']);
  run([...sudo, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'ffmpeg']);
}

const a = args(process.argv.slice(2));
const tourCheck = validateTour(JSON.parse(readFileSync(a.tour, 'utf8')));
if (!tourCheck.ok) { console.error(`${a.tour}: ${tourCheck.message}`); process.exit(1); }
const speed = Number(a.speed ?? 2);
const fps = Number(a.fps ?? 10);
const [width, height] = (a.size ?? '1280x720').split('x').map(Number);
const port = Number(a.port ?? 4191);
if (![speed, fps, width, height, port].every((n) => Number.isFinite(n) && n > 0)) { console.error(USAGE); process.exit(2); }

ensureFfmpeg();
ensureBuild((l) => console.log(l));
const { base } = await servePreview(port);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage({ viewport: { width, height } });
await page.goto(`${base}/`);
await page.locator('[role=status][data-cursor]').waitFor();
await page.getByLabel('Open file').setInputFiles({ name: basename(a.session), mimeType: 'application/octet-stream', buffer: readFileSync(a.session) });
await page.getByText(basename(a.session)).first().waitFor();
await page.locator('[role=status][data-phase=ready][data-cursor]').waitFor({ timeout: 120_000 });
await page.getByRole('button', { name: 'Tour', exact: true }).click();
await page.getByLabel('Import tour file').setInputFiles(a.tour);
const region = page.getByRole('region', { name: 'Tour' });
await region.waitFor();
const anyway = region.getByRole('button', { name: 'Play anyway' });
if (await anyway.isVisible()) { console.log('note: the tour does not match this session; playing anyway'); await anyway.click(); }
await page.getByRole('button', { name: 'Close tour editor' }).click();
await region.getByLabel('Speed').selectOption(String(nearestSpeed(speed)));

// frames arrive only when the page changes: each is held until the next, at a constant rate
const ffmpeg = spawn('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'image2pipe', '-framerate', String(fps), '-c:v', 'mjpeg', '-i', '-',
  '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '36', '-deadline', 'realtime', '-cpu-used', '8', '-pix_fmt', 'yuv420p', a.out], { stdio: ['pipe', 'inherit', 'inherit'] });
const cdp = await page.context().newCDPSession(page);
let last: Buffer | undefined;
let lastAt = 0;
let written = 0;
const t0 = Date.now();
/** Writes the held frame once for every frame period that has passed up to `now`. */
const flush = (now: number) => {
  if (!last) return;
  const due = Math.floor(((now - t0) / 1000) * fps);
  for (; written < due; written++) ffmpeg.stdin.write(last);
};
cdp.on('Page.screencastFrame', (f: { data: string; sessionId: number }) => {
  flush(Date.now());
  last = Buffer.from(f.data, 'base64');
  lastAt = Date.now();
  void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
});
await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: width, maxHeight: height, everyNthFrame: 1 });
const tick = setInterval(() => flush(Date.now()), 1000 / fps);
await region.getByRole('button', { name: 'Play tour' }).click();
const steps = tourCheck.tour.steps;
const lastDwell = (steps[steps.length - 1]?.dwellMs ?? 2500) / nearestSpeed(speed);
await page.locator('[role=region][aria-label=Tour][data-state=done]').waitFor({ timeout: 30 * 60_000 });
await page.waitForTimeout(Math.max(1000, lastDwell));
clearInterval(tick);
flush(Date.now());
await cdp.send('Page.stopScreencast');
ffmpeg.stdin.end();
await new Promise<void>((resolve, reject) => ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`)))));
await browser.close();
const seconds = written / fps;
console.log(`${a.out}: ${steps.length} steps, ${seconds.toFixed(1)} s at ${fps} fps, ${width}x${height}, ${(statSync(a.out).size / 1024).toFixed(0)} KB (last frame ${Date.now() - lastAt} ms old)`);
process.exit(0);

/** The player's speed nearest to the one asked for. */
function nearestSpeed(x: number): number {
  return TOUR_SPEEDS.reduce<number>((best, s) => (Math.abs(s - x) < Math.abs(best - x) ? s : best), 1);
}
