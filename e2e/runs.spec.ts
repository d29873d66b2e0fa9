import { expect as baseExpect, test, type Page } from '@playwright/test';
import { alignedSeq } from '../src/core/run-align';
import { compareRuns } from '../src/core/run-compare';
import { loadBytes } from '../src/io/load';
import { synthesize } from '../src/synth/synthesizer';
import { formatJsonl } from '../src/synth/write';
import { slider } from './helpers';

// Run A, and run B: the same run with two log-only events early on (B's seqs after them are A's + 2)
// and one tool result changed.
const s = synthesize({ seed: 8, events: 2500, contextTokens: 9000 });
const aText = formatJsonl(s.header, s.events);
function runB(): { text: string; changed: number } {
  const recs = aText.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const out = [recs[0], ...[0, 1].map((q) => ({ type: 'session/title', seq: q, time: s.events[0].time, data: { title: 't' } }))];
  let changed = -1, seen = 0;
  for (const r of recs.slice(1)) {
    const x = { ...r };
    if (typeof x.seq === 'number') x.seq += 2; else x.seq0 += 2;
    if (Array.isArray(x.sourceEventSeqs)) x.sourceEventSeqs = x.sourceEventSeqs.map((q: number) => q + 2);
    if (typeof x.surfaceOp === 'object') x.surfaceOp = { op: 'replace', start: x.surfaceOp.start + 2, end: x.surfaceOp.end + 2 };
    if (x.type === 'tool/result' && x.surfaceOp === 'append' && ++seen === 12) {
      x.data = { ...x.data, message: { ...x.data.message, content: [{ ...x.data.message.content[0], content: [{ type: 'text', text: 'a different output' }] }] } };
      changed = x.seq;
    }
    out.push(x);
  }
  return { text: out.map((r) => JSON.stringify(r) + '\n').join(''), changed };
}
const b = runB();
const enc = (t: string) => new TextEncoder().encode(t);

async function serve(page: Page) {
  await page.route('**/runs/a.jsonl', (r) => r.fulfill({ body: aText, contentType: 'application/octet-stream' }));
  await page.route('**/runs/b.jsonl', (r) => r.fulfill({ body: b.text, contentType: 'application/octet-stream' }));
}

// two loads and an alignment on a shared two-core machine: state waits get room
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(120_000);

const bSlider = (page: Page) => page.getByRole('slider', { name: 'Run B', exact: true });

test('?a=&b= opens two runs: the Runs view marks the first divergence on both scrubbers and opens it', async ({ page }) => {
  await serve(page);
  await page.goto('/?a=runs/a.jsonl&b=runs/b.jsonl');
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(s.events.length));
  await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  const aSeq = b.changed - 2;
  await expect(page.getByText(`First divergence (tool-result): At turn`)).toContainText(`seq ${aSeq} in A, seq ${b.changed} in B`);
  await expect(page.locator('.scrubber .runs-mark[data-side="a"]')).toHaveAttribute('data-seq', String(aSeq));
  await expect(page.locator('.runs-slider .runs-mark[data-side="b"]')).toHaveAttribute('data-seq', String(b.changed));
  await expect(page.getByRole('option', { name: /^Difference 1: tool-result/ })).toHaveAttribute('aria-selected', 'true');
  const detail = page.getByRole('region', { name: 'Difference 1 in detail' });
  await expect(detail.getByRole('region', { name: 'Line diff, A → B' })).toContainText('+ a different output');
  await expect(detail.getByRole('region', { name: `Surface of run B at seq ${b.changed}` }).locator(`li[data-seq="${b.changed}"]`)).toHaveAttribute('data-same', 'false');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(aSeq));
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(b.changed));
  // the screenshot of the Runs view in docs/guide.md
  await page.setViewportSize({ width: 1400, height: 1000 });
  await expect(detail).toBeVisible();
  await page.screenshot({ path: 'docs/runs.png' });
  const ms = await page.locator('.runs-view').getAttribute('data-first-paint-ms');
  console.log(`Runs view first paint after the worker's answer: ${ms} ms (aligned in ${await page.locator('.runs-view').getAttribute('data-align-ms')} ms; ${s.events.length} events a run)`);
});

test('linked scrubbers: moving A moves B to the aligned seq, and moving B moves A', async ({ page }) => {
  await serve(page);
  const [ra, rb] = await Promise.all([loadBytes(enc(aText), { now: 0 }), loadBytes(enc(b.text), { now: 0 })]);
  const c = compareRuns(ra.session!, rb.session!);
  await page.goto('/?a=runs/a.jsonl&b=runs/b.jsonl');
  await expect(bSlider(page)).toBeVisible();
  await slider(page).focus();
  await page.keyboard.press('Home');
  const wantB = alignedSeq(c.alignment, c.a, c.b, true, 0, rb.session!.length);
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(wantB));
  for (let i = 0; i < 40; i++) await page.keyboard.press('PageUp');
  const a = Number(await slider(page).getAttribute('aria-valuenow'));
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(alignedSeq(c.alignment, c.a, c.b, true, a, rb.session!.length)));
  await bSlider(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('PageUp');
  const bNow = Number(await bSlider(page).getAttribute('aria-valuenow'));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(alignedSeq(c.alignment, c.b, c.a, false, bNow, ra.session!.length)));
  // next / previous difference: only one here, so Next stays disabled and n keeps it open
  await expect(page.getByRole('button', { name: 'Next difference' })).toBeDisabled();
});

test('two files dropped together open as runs A and B, and the #compare deep link reloads them', async ({ page }) => {
  await page.goto('/?demo=demo.jsonl');
  await expect(slider(page)).toBeVisible();
  const dt = await page.evaluateHandle(([x, y]) => {
    const d = new DataTransfer();
    d.items.add(new File([x], 'run-a.jsonl'));
    d.items.add(new File([y], 'run-b.jsonl'));
    return d;
  }, [aText, b.text]);
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid=dropzone]', type, { dataTransfer: dt });
  await expect(page.getByRole('option', { name: /^Difference 1: tool-result/ })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/compare=[\w-]+%2C[\w-]+|compare=[\w-]+,[\w-]+/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('option', { name: /^Difference 1: tool-result/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.runs-slider .runs-mark[data-side="b"]')).toHaveAttribute('data-seq', String(b.changed));
});

test('a run B that DSH refuses is an alert naming run B and why', async ({ page }) => {
  await page.route('**/runs/a.jsonl', (r) => r.fulfill({ body: aText }));
  await page.route('**/runs/bad.jsonl', (r) => r.fulfill({ body: aText.split('\n').map((l, i) => (i === 4 ? 'xx' : l)).join('\n') }));
  await page.goto('/?a=runs/a.jsonl&b=runs/bad.jsonl');
  await expect(page.getByRole('alert')).toContainText('Run B (bad.jsonl) is refused (corrupt): Line 5');
});
