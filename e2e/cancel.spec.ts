import { expect, test } from '@playwright/test';
import { status } from './helpers';

test('a large load shows progress and Cancel stops it', async ({ page }) => {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  const dt = await page.evaluateHandle(() => {
    const parts = ['{"type":"session","version":0,"id":"big","createdAt":1767225600000,"cwd":"/x","delegationDepth":0}\n'];
    for (let i = 0; i < 600_000; i++) parts.push(`{"type":"feedback/record","seq":${i},"time":${1767225600000 + i},"data":{"note":"padding padding padding padding padding ${i}"}}\n`);
    const d = new DataTransfer();
    d.items.add(new File(parts, 'big.jsonl'));
    return d;
  });
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid=dropzone]', type, { dataTransfer: dt });
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Load cancelled');
  await expect(bar).toBeHidden();
});
