/** Issue 14 item 6: a line DSH would not read can be inspected. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { coreLoad, status } from './helpers';

test('Show line N selects the broken line; the Inspector shows its raw text, the parser message and the break', async ({ page }) => {
  const path = 'public/demo/refused.jsonl';
  const r = await coreLoad(path);
  const v = r.verdict as { line: number; seq: number };
  const raw = readFileSync(path, 'utf8').split('\n')[v.line - 1];
  let message = '';
  try { JSON.parse(raw); } catch (e) { message = (e as Error).message; }
  expect(message).not.toBe('');
  await page.goto('/?demo=refused.jsonl');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await page.getByRole('alert').getByRole('button', { name: `Show line ${v.line}` }).click();
  const row = page.getByRole('listbox', { name: 'Events' }).locator(`[data-line="${v.line}"]`);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toBeInViewport();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector.getByRole('heading', { level: 2 })).toContainText(`Line ${v.line}`);
  await expect(status(page)).not.toContainText('selected');
  await expect(inspector.getByLabel('Parser message')).toContainText(message);
  const rawBox = inspector.getByLabel('Raw line');
  const text = (await rawBox.textContent())!;
  expect(text.replace('⟂', '')).toBe(raw);
  expect(text.indexOf('⟂')).toBeGreaterThan(0);
  // copy gets the whole line
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await inspector.getByRole('button', { name: 'Copy line' }).click();
  await expect(inspector).toContainText(`Copied ${raw.length} characters`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(raw);
  // a later line, clicked in the Log, is inspected too; selecting an event leaves it
  await page.getByRole('listbox', { name: 'Events' }).locator(`[data-line="${v.line + 1}"]`).click();
  await expect(inspector.getByRole('heading', { level: 2 })).toContainText(`Line ${v.line + 1}`);
  await expect(inspector).toContainText('after the damage');
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="5"]').click();
  await expect(inspector.getByRole('heading', { level: 2 })).toContainText('Event 5');
  await expect(page.getByRole('listbox', { name: 'Events' }).locator(`[data-line="${v.line + 1}"]`)).toHaveAttribute('aria-selected', 'false');
});
