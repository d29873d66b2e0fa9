import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { scrollToTop, status, waitLoaded } from './helpers';
import { coreOpen, demoBytes, pick, ready } from './library-helpers';

test('a DSH export ZIP opens its root, lists its fork, opens it at the fork point, and shows images inline', async ({ page }) => {
  const parent = demoBytes('fork-parent.jsonl');
  const child = demoBytes('fork-child.jsonl');
  const parentText = readFileSync('public/demo/fork-parent.jsonl', 'utf8');
  const attachmentId = /"attachmentId":"(sha256:[0-9a-f]+)"/.exec(parentText)![1];
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAIAQMAAAD+wSzIAAAABlBMVEX///+/v7+jQ3Y5AAAADklEQVQI12P4AIX8EAgALgAD/aNpbtIAAAAASUVORK5CYII=', 'base64');
  const p = await coreOpen(parent);
  const c = await coreOpen(child);
  const childId = c.header!.id;
  const seedLength = c.header!.seedLength!;
  const zip = zipSync({
    'session.jsonl': parent,
    [`subagents/${childId}/session.jsonl`]: child,
    [`media/${attachmentId}.png`]: new Uint8Array(png),
    'notes.txt': new TextEncoder().encode('not part of the layout'),
  });
  await ready(page);
  await pick(page, `dsh-session-${p.header!.id}.zip`, Buffer.from(zip), 'application/zip');
  await waitLoaded(page, p.session!.log.length - 1);
  await expect(page.getByTestId('zip-entry')).toContainText('session.jsonl');
  const sessions = page.getByRole('list', { name: 'Archive sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions).toContainText(`fork of ${p.header!.id} at seq ${seedLength - 1}`);
  await expect(page.getByRole('complementary', { name: 'Sessions' })).toContainText('1 other entry ignored');

  // The image referenced by attachment id shows in the Transcript and on the Surface.
  await page.getByRole('button', { name: 'Close sessions' }).click();
  await page.getByRole('tab', { name: 'Transcript' }).click();
  // the image is near the start; the feed follows the cursor to the end
  await scrollToTop(page.getByRole('feed', { name: 'Transcript' }));
  const img = page.getByRole('feed', { name: 'Transcript' }).getByRole('img', { name: `Attached image ${attachmentId}` });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(8);
  expect(await img.getAttribute('src')).toMatch(/^blob:/);
  await page.getByRole('tab', { name: 'Surface' }).click();
  await scrollToTop(page.getByRole('feed', { name: 'Surface' }));
  await expect(page.getByRole('feed', { name: 'Surface' }).getByRole('img', { name: `Attached image ${attachmentId}` })).toBeVisible();

  // One click opens the fork, at its fork point.
  await page.getByRole('button', { name: /^Library/ }).click();
  await sessions.getByRole('button', { name: `Open session ${childId}` }).click();
  await waitLoaded(page, c.session!.log.length - 1);
  await expect(status(page)).toHaveAttribute('data-cursor', String(seedLength - 1));
  await expect(page.getByTestId('zip-entry')).toContainText(`subagents/${childId}/session.jsonl`);
  await expect(sessions.getByRole('listitem').filter({ hasText: childId })).toHaveAttribute('aria-current', 'true');

  // Compare with the parent from the divergence point.
  await page.getByRole('button', { name: 'Compare with parent from the divergence point' }).click();
  const parentRows = page.getByRole('list', { name: 'Parent after the fork' }).getByRole('listitem');
  const childRows = page.getByRole('list', { name: 'This session after the fork' }).getByRole('listitem');
  await expect(childRows.first()).toHaveAttribute('data-seq', String(seedLength));
  await expect(childRows.first()).toContainText(c.session!.log.event(seedLength).type);
  if (p.session!.log.length > seedLength) await expect(parentRows.first()).toHaveAttribute('data-seq', String(seedLength));
  else await expect(parentRows.first()).toContainText('no events after the fork point');

  // The kept ZIP reopens on reload, on the same entry.
  await page.reload();
  await waitLoaded(page, c.session!.log.length - 1);
  await expect(page.getByTestId('zip-entry')).toContainText(`subagents/${childId}/session.jsonl`);
});
