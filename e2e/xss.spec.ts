import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { status, scrollLogToTop } from './helpers';

const PAYLOAD = '<img src=x onerror=window.__pwned=1><script>window.__pwned=2</script><svg onload=window.__pwned=3>';

test('a log full of script payloads runs no script', async ({ page }) => {
  const esc = JSON.stringify(PAYLOAD).slice(1, -1);
  const text = readFileSync('testdata/conformance/v06-compaction-nested.jsonl', 'utf8')
    .replaceAll('"text":"', `"text":"${esc}`)
    .replaceAll('"system":"', `"system":"${esc}`)
    .replaceAll('{"type":"turn/start","seq":0,"time":1767225600003,"data":{"turn":1}}', `{"type":"x/evil","seq":0,"time":1767225600003,"ignorable":true,"data":{"html":"${esc}","${esc}":1}}`);
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await page.getByLabel('Open file').setInputFiles({ name: `${PAYLOAD}.jsonl`, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByText(PAYLOAD).first()).toBeVisible();
  for (const name of ['Surface', 'Transcript', 'Compare', 'Log']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel').locator('[data-seq]').first()).toBeVisible();
  }
  await scrollLogToTop(page);
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="0"]').click();
  // `data` opens by itself (issue 14)
  await expect(page.getByRole('button', { name: 'Collapse data' })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Event \d+ JSON$/ })).toContainText(PAYLOAD);
  await page.getByRole('tab', { name: 'Surface' }).click();
  await expect(page.locator('img, script:not([src]), svg').filter({ hasText: '' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});
