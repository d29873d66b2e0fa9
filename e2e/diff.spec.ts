import { expect, test } from '@playwright/test';
import { axeOn } from './axe';
import { Session } from '../src/core/session';
import { coreLoad, DEMO, status, waitLoaded } from './helpers';

test('Diff of two moments: counts equal fresh folds at A and B, header, events link into the Log', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const events = r.session!.events(), last = events.length - 1, t = r.timeline!;
  const fresh = (n: number) => Session.create(r.header!, events.slice(0, n + 1)).surfaceSeqs();
  const expected = (a: number, b: number) => {
    const sa = fresh(a), sb = fresh(b);
    const added = sb.filter((s) => !sa.includes(s));
    return { added: added.length, removed: sa.filter((s) => !sb.includes(s)).length, replaced: added.filter((s) => typeof events[s].surfaceOp === 'object').length };
  };
  const c = t.compactionSeqs[0];
  const pairs: [number, number][] = [[c - 1, c], [40, Math.floor(last / 2)], [Math.floor(last / 3), last]];
  for (const [a, b] of pairs) {
    await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&view=diff&cursor=${b}&a=${a}&b=${b}`);
    await waitLoaded(page, last);
    await expect(status(page)).toHaveAttribute('data-a', String(a));
    await expect(page.getByRole('tab', { name: 'Diff' })).toHaveAttribute('aria-selected', 'true');
    const sum = page.getByRole('region', { name: 'Diff summary' });
    const want = expected(a, b);
    await expect(sum).toHaveAttribute('data-added', String(want.added));
    await expect(sum).toHaveAttribute('data-removed', String(want.removed));
    await expect(sum).toHaveAttribute('data-replaced', String(want.replaced));
    expect(want.added + want.removed).toBeGreaterThan(0);
  }
  // at the compaction: one replacement added, its shadowed run removed, each shown as a card
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&view=diff&cursor=${c}&a=${c - 1}&b=${c}`);
  await waitLoaded(page, last);
  const list = page.getByRole('feed', { name: 'Diff' });
  await expect(list.locator(`[data-seq="${c}"]`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Request header changes' })).toContainText('same header');
  // the events in (A, B] by family: the link opens the Log filtered to that family
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&view=diff&cursor=${last}&a=10&b=600`);
  await waitLoaded(page, last);
  const fams = new Map<string, number>();
  for (const e of events.slice(11, 601)) { const f = e.type.split('/')[0]; fams.set(f, (fams.get(f) ?? 0) + 1); }
  const first = events.slice(11, 601).find((e) => e.type.startsWith('tool/'))!.seq;
  await page.getByRole('button', { name: `tool: ${fams.get('tool')} events, show in the Log` }).click();
  await expect(page.getByRole('tab', { name: 'Log' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Filter by family' })).toHaveValue('tool');
  await expect(status(page)).toContainText(`selected ${first}`);
  // key 5 opens the Diff tab
  await page.keyboard.press('5');
  await expect(page.getByRole('tab', { name: 'Diff' })).toHaveAttribute('aria-selected', 'true');
});

test('the Diff with marks set, the aligned Compare and the Request panel have no critical or serious axe violation', async ({ page }) => {
  test.setTimeout(180_000); // axe takes seconds a pass; more on a loaded machine
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1, c = r.timeline!.compactionSeqs[0];
  const check = async (where: string) => {
    const res = await axeOn(page).analyze();
    return res.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${where}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
  };
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&view=diff&cursor=${c + 40}&a=${c - 1}&b=${c + 40}`);
  await waitLoaded(page, last);
  await expect(page.getByRole('region', { name: 'Diff summary' })).toBeVisible();
  const found = await check('diff');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('feed', { name: 'Compare' }).locator(`[data-block="${c}"]`)).toBeVisible();
  found.push(...await check('compare'));
  const msg = r.session!.events().find((e) => e.type === 'assistant/message' && e.seq > c)!.seq;
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&cursor=${msg}&sel=${msg}`);
  await waitLoaded(page, last);
  await page.getByRole('complementary', { name: 'Inspector' }).getByRole('button', { name: 'Request' }).click();
  await expect(page.getByRole('dialog', { name: `Request for seq ${msg}` })).toContainText('messages');
  found.push(...await check('request'));
  expect(found).toEqual([]);
});
