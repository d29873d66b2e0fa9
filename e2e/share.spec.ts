/**
 * The Share review: the engine's findings over the open session grouped by rule, a finding's link
 * moving the views, keeping one, adding a string of one's own, and the bundle it writes (which
 * carries the redacted log, opens from disk and says it is a redacted copy).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { extractBundle } from '../src/io/bundle-file';
import { unpackLog } from '../src/io/bundle-pack';
import { blockTypes, openShare, plantInDemo } from './share-helpers';
import { SeqscopePage } from './seqscope-page';

const KEY = 'sk-' + '0123456789abcdef'.repeat(2);
const MAIL = 'ops@quayside.example';


test('Share: findings by rule link to their events; keep one, add a string, write the bundle of the redacted log', async ({ page, browser }, info) => {
  const file = info.outputPath('planted.jsonl');
  // a DeepSeek key and an e-mail address
  plantInDemo(file, `${KEY} and mail ${MAIL} after`);
  const { app, share } = await openShare(page, file);
  await expect(share).toContainText(/\d+ findings?: \d+ to redact, 0 kept\./);
  const key = share.getByRole('region', { name: 'Rule deepseek-api-key' });
  const mail = share.getByRole('region', { name: 'Rule email' });
  await expect(key).toContainText('1 finding');
  await expect(mail).toContainText('1 finding');
  // the previews are masked: the key itself is nowhere in the review
  await expect(share).not.toContainText(KEY);

  await app.scrubTo(20);
  await key.getByRole('button', { name: /seq 4 · / }).click();
  await expect(app.status).toHaveAttribute('data-cursor', '4');
  await expect(share.getByRole('figure', { name: 'Before and after' })).toContainText('[REDACTED:deepseek-api-key]');
  await expect(share.getByRole('figure', { name: 'Before and after' })).not.toContainText(KEY);

  await mail.getByRole('checkbox', { name: /^Keep email at seq 4/ }).check();
  await expect(share).toContainText(/, 1 kept\./);
  await expect(mail).toContainText('1 kept');

  await share.getByLabel('Your own string').fill('pallet');
  await share.getByRole('button', { name: 'Add string' }).click();
  await expect(share.getByRole('region', { name: 'Rule user-string' })).toBeVisible();

  const download = page.waitForEvent('download');
  await share.getByRole('button', { name: 'Write bundle' }).click();
  const saved = info.outputPath('shared.html');
  await (await download).saveAs(saved);
  await expect(share.getByRole('status')).toContainText(/Wrote planted\.redacted\.html/);

  const x = extractBundle(new Uint8Array(readFileSync(saved)));
  // the redacted copy is carried compressed, as `seqscope bundle --redact` carries it: real zstd blocks, not stored ones
  expect(x.meta.name).toBe('planted.redacted.jsonl.zstd');
  expect(x.meta.packed).toBeUndefined();
  expect(blockTypes(x.log)).toContain(2);
  expect(blockTypes(x.log)).not.toContain(0);
  const log = new TextDecoder().decode(await unpackLog(x.log));
  expect(log).not.toContain(KEY);
  expect(log).toContain('[REDACTED:deepseek-api-key]');
  expect(log).toContain(MAIL);
  expect(log).not.toContain('pallet');
  expect(log).toContain('[REDACTED:user-string]');
  expect(x.meta.redacted?.rules).toEqual(expect.arrayContaining(['deepseek-api-key', 'user-string']));
  expect(x.meta.redacted?.rules).not.toContain('email');
  expect(log.split('\n').length).toBe(readFileSync(file, 'utf8').split('\n').length);

  // the bundle opens from disk at the place shown when it was written, and says it is a redacted copy
  const opened = new SeqscopePage(await browser.newPage());
  await opened.page.goto(pathToFileURL(saved).href);
  await expect(opened.status).toHaveAttribute('data-cursor', '4', { timeout: 30_000 });
  await expect(opened.status).toContainText('Redacted copy');
});
