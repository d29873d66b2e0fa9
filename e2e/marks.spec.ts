import { expect, test } from '@playwright/test';
import { stepRequests } from '../src/core/steps';
import { coreLoad, DEMO, slider, status, waitLoaded } from './helpers';

test('A and B marks: keys, buttons, the two shortcuts, status attributes and the deep link', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const { stepSeqs, requestSeqs } = stepRequests(r.session!.log);
  await page.goto('/?demo=demo.jsonl');
  await waitLoaded(page, last);
  await slider(page).focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('a');
  await expect(status(page)).toHaveAttribute('data-a', '5');
  await expect(status(page)).not.toHaveAttribute('data-b', /./);
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Mark B' }).click();
  await expect(status(page)).toHaveAttribute('data-b', String(last));
  await expect(page).toHaveURL(new RegExp(`a=5&b=${last}`));

  // d: B = the cursor, A = just before the latest step start before it
  const cursor = stepSeqs[3] + 4;
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&cursor=${cursor}`);
  await waitLoaded(page, last);
  await expect(status(page)).toHaveAttribute('data-cursor', String(cursor));
  await page.keyboard.press('d');
  await expect(status(page)).toHaveAttribute('data-a', String(stepSeqs[3] - 1));
  await expect(status(page)).toHaveAttribute('data-b', String(cursor));
  // Shift+A: A = the latest model request strictly before B
  const reqs = Array.from(requestSeqs).filter((s) => s >= 0 && s < cursor);
  await page.getByRole('button', { name: 'Since request' }).click();
  await expect(status(page)).toHaveAttribute('data-a', String(reqs[reqs.length - 1]));
  await page.getByRole('button', { name: 'Clear A/B' }).click();
  await expect(status(page)).not.toHaveAttribute('data-a', /./);
  await page.keyboard.press('Shift+A');
  await expect(status(page)).toHaveAttribute('data-a', String(reqs[reqs.length - 1]));
  await expect(status(page)).toHaveAttribute('data-b', String(cursor));

  // the deep link restores both marks on reload
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&cursor=20&a=7&b=300`);
  await waitLoaded(page, last);
  await expect(status(page)).toHaveAttribute('data-a', '7');
  await expect(status(page)).toHaveAttribute('data-b', '300');
  await expect(page.locator('.ab-flag[data-mark="A"]')).toBeAttached();
});
