import { expect, test } from '@playwright/test';
import { waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

test('a full quota is reported and leaves the library unchanged; the file still opens', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'bytes') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    } as IDBObjectStore['put'];
  });
  const bytes = demoBytes('tool-round.jsonl');
  await ready(page);
  await pick(page, 'big.jsonl', Buffer.from(bytes));
  await waitLoaded(page, (await coreOpen(bytes)).session!.log.length - 1);
  const alert = page.getByRole('alert').filter({ hasText: 'quota' });
  await expect(alert).toContainText('big.jsonl is open but was not kept');
  await expect(alert).toContainText('The library is unchanged');
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(0);
  await expect(page.getByTestId('library-usage')).toContainText('0 sessions');
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
});
