/**
 * A redacted copy kept from Share… says so in the library and the status bar, from a flag kept with
 * the entry: a renamed copy (its name no longer `*.redacted.jsonl`) still says so after a reload,
 * and an entry without the flag (the original, kept as entries always were) says nothing.
 */
import { expect, test } from '@playwright/test';
import { libraryItems, libraryList } from './library-helpers';
import { openShare, plantInDemo } from './share-helpers';

const KEY = 'sk-' + '0123456789abcdef'.repeat(2);

test('a redacted copy kept in the library is flagged there and in the status bar, renamed and reloaded too', async ({ page }, info) => {
  const file = info.outputPath('planted.jsonl');
  plantInDemo(file, KEY);
  const { app, share } = await openShare(page, file);
  await expect(share.getByRole('region', { name: 'Rule deepseek-api-key' })).toContainText('1 finding');
  await share.getByRole('button', { name: 'Keep redacted copy in the library' }).click();
  await expect(app.status).toContainText('Redacted copy');

  await libraryList(page);
  const copy = libraryItems(page).filter({ hasText: 'planted.redacted.jsonl' });
  const original = libraryItems(page).filter({ hasText: /^planted\.jsonl/ });
  await expect(copy).toContainText(/redacted · [1-9]\d* cuts?/);
  await expect(original).toHaveCount(1);
  await expect(original).not.toContainText('redacted ·');

  await copy.getByRole('button', { name: 'Rename planted.redacted.jsonl' }).click();
  await page.getByLabel('New name for planted.redacted.jsonl').fill('for-review.jsonl');
  await page.getByRole('button', { name: 'Save' }).click();
  const renamed = libraryItems(page).filter({ hasText: 'for-review.jsonl' });
  await renamed.getByRole('button', { name: 'Open for-review.jsonl' }).click();
  await expect(app.status).toContainText('Redacted copy');

  await page.reload();
  await expect(app.status).toHaveAttribute('data-phase', 'ready');
  await expect(app.status).toContainText('Redacted copy');
  await libraryList(page);
  await expect(libraryItems(page).filter({ hasText: 'for-review.jsonl' })).toContainText(/redacted · [1-9]\d* cuts?/);

  // the original, an entry without the flag, opens and says nothing of the kind
  await libraryItems(page).filter({ hasText: /^planted\.jsonl/ }).getByRole('button', { name: 'Open planted.jsonl' }).click();
  await expect(app.status).toHaveAttribute('data-phase', 'ready');
  await expect(app.status).not.toContainText('Redacted copy');
});
