import { expect as baseExpect, test, type Page } from '@playwright/test';
import { alignedPair, aText, runB, s } from './runs-pair';
import { docShot, slider } from './helpers';

const b = runB();

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
  // the screenshot of the Runs view in README.md and docs/guide.md
  await page.setViewportSize({ width: 1400, height: 1000 });
  await expect(detail).toBeVisible();
  await docShot(page, 'runs');
  const ms = await page.locator('.runs-view').getAttribute('data-first-paint-ms');
  console.log(`Runs view first paint after the worker's answer: ${ms} ms (aligned in ${await page.locator('.runs-view').getAttribute('data-align-ms')} ms; ${s.events.length} events a run)`);
});

test('linked scrubbers: moving A moves B to the aligned seq, and moving B moves A', async ({ page }) => {
  await serve(page);
  const al = await alignedPair(b.text);
  await page.goto('/?a=runs/a.jsonl&b=runs/b.jsonl');
  await expect(bSlider(page)).toBeVisible();
  await slider(page).focus();
  await page.keyboard.press('Home');
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(al.bOf(0)));
  for (let i = 0; i < 40; i++) await page.keyboard.press('PageUp');
  const a = Number(await slider(page).getAttribute('aria-valuenow'));
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(al.bOf(a)));
  await bSlider(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('PageUp');
  const bNow = Number(await bSlider(page).getAttribute('aria-valuenow'));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(al.aOf(bNow)));
  // next / previous difference: only one here, so Next stays disabled and n keeps it open
  await expect(page.getByRole('button', { name: 'Next difference' })).toBeDisabled();
});

test('next / previous difference by the n and p keys and by the buttons, each moving both cursors; the deltas beside the summary', async ({ page }) => {
  const two = runB(undefined, 5);
  expect(two.failed).toBeGreaterThan(two.changed);
  await page.route('**/runs/a.jsonl', (r) => r.fulfill({ body: aText, contentType: 'application/octet-stream' }));
  await page.route('**/runs/b2.jsonl', (r) => r.fulfill({ body: two.text, contentType: 'application/octet-stream' }));
  await page.goto('/?a=runs/a.jsonl&b=runs/b2.jsonl');
  const diff = (k: number) => page.getByRole('option', { name: new RegExp(`^Difference ${k}: tool-result`) });
  const next = page.getByRole('button', { name: 'Next difference' }), prev = page.getByRole('button', { name: 'Previous difference' });
  /** Difference k (1-based) is the one opened: listed as selected, said, detailed, and both cursors on its items. */
  const opened = async (k: number, bSeq: number) => {
    await expect(diff(k)).toHaveAttribute('aria-selected', 'true');
    await expect(diff(3 - k)).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByText(`Difference ${k} of 2`)).toBeVisible();
    await expect(page.getByRole('region', { name: `Difference ${k} in detail` })).toBeVisible();
    await expect(slider(page)).toHaveAttribute('aria-valuenow', String(bSeq - 2));
    await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(bSeq));
  };
  await opened(1, two.changed);
  await expect(prev).toBeDisabled();
  await page.keyboard.press('n');
  await opened(2, two.failed);
  await expect(next).toBeDisabled();
  await page.keyboard.press('p');
  await opened(1, two.changed);
  await next.click();
  await opened(2, two.failed);
  await prev.click();
  await opened(1, two.changed);
  // the deltas: B has one more tool error; the figures that did not change say ±0
  const deltas = page.getByRole('table', { name: 'Deltas, run A → run B' });
  await expect(deltas.getByRole('row', { name: /^Tool errors/ })).toContainText('(+1)');
  await expect(deltas.getByRole('row', { name: /^Turns/ })).toContainText(`${s.stats.turns} → ${s.stats.turns} (±0)`);
  for (const label of ['Steps', 'Tool calls', 'Input tokens', 'Cached tokens', 'Output tokens', 'Reasoning tokens', 'Wall time (s)', 'Compactions', 'Prunes']) {
    await expect(deltas.getByRole('row', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })).toHaveCount(1);
  }
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

test('two kept sessions: the Runs tab compares the one shown with another picked from the library', async ({ page }) => {
  await page.goto('/?demo=demo.jsonl');
  await expect(slider(page)).toBeVisible();
  const drop = async (name: string, text: string) => {
    const dt = await page.evaluateHandle(([n, t]) => { const d = new DataTransfer(); d.items.add(new File([t], n)); return d; }, [name, text]);
    for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid=dropzone]', type, { dataTransfer: dt });
  };
  await drop('run-b.jsonl', b.text);
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(s.events.length + 2));
  await drop('run-a.jsonl', aText);
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(s.events.length));
  await page.getByRole('tab', { name: 'Runs' }).click();
  const kept = page.getByLabel('Kept session as run B');
  await expect(kept.locator('option', { hasText: 'run-b.jsonl' })).toHaveCount(1);
  await expect(kept.locator('option', { hasText: 'run-a.jsonl' })).toHaveCount(0);
  await kept.selectOption({ label: 'run-b.jsonl' });
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByText('First divergence (tool-result): At turn')).toContainText(`seq ${b.changed - 2} in A, seq ${b.changed} in B`);
  await expect(page.locator('.runs-slider .runs-mark[data-side="b"]')).toHaveAttribute('data-seq', String(b.changed));
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/compare=[\w-]+(%2C|,)[\w-]+/);
});
