/**
 * Every writer of the viewer that carries session content applies the redaction (docs/sharing.md):
 * the Share review's redacted log (its `.jsonl.zstd` real zstd in DSH's framing), the fork export,
 * the tour exported with its session and the trace exported with content. A credential planted in
 * the log is in none of the downloaded files.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { unpackLog } from '../src/io/bundle-pack';
import { frameSpans } from '../src/io/zstd-encode';
import { openExport } from './helpers';
import { coreOpen } from './library-helpers';
import { SeqscopePage } from './seqscope-page';
import { blockTypes, openShare, plantInDemo } from './share-helpers';

const KEY = 'sk-' + 'fedcba9876543210'.repeat(2);

const plantedLog = (path: string): string => plantInDemo(path, `${KEY} please`);

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Uint8Array }> {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: d.suggestedFilename(), bytes: new Uint8Array(readFileSync(await d.path())) };
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);

test('Share writes a redacted .jsonl.zstd that is real zstd (compressed blocks, DSH\'s framing) with the original\'s verdict', async ({ page }, info) => {
  const file = info.outputPath('planted.jsonl');
  const plain = plantedLog(file);
  const { share } = await openShare(page, file);
  await expect(share.getByRole('region', { name: 'Rule deepseek-api-key' })).toContainText('1 finding');
  const z = await download(page, () => share.getByRole('button', { name: 'Download redacted .jsonl.zstd' }).click());
  expect(z.name).toBe('planted.redacted.jsonl.zstd');
  // DSH's framing: the header line in a frame of its own, then the records
  const frames = frameSpans(z.bytes);
  expect(frames.length).toBeGreaterThanOrEqual(2);
  expect(frames.every((f) => f.checksum)).toBe(true);
  expect(frames.at(-1)!.end).toBe(z.bytes.length);
  expect(blockTypes(z.bytes)).toContain(2);
  expect(z.bytes.length).toBeLessThan(plain.length / 2);
  const back = text(await unpackLog(z.bytes));
  expect(back.slice(0, back.indexOf('\n') + 1)).toBe(text(await unpackLog(z.bytes.subarray(frames[0].start, frames[0].end))));
  expect(back).not.toContain(KEY);
  expect(back).toContain('[REDACTED:deepseek-api-key]');
  const [a, b] = [await coreOpen(new TextEncoder().encode(plain)), await coreOpen(z.bytes)];
  expect(b.verdict).toEqual(a.verdict);
  expect(b.session!.log.length).toBe(a.session!.log.length);
});

test('Export fork at cursor as zstd is compressed and redacted, with the strings added in Share… cut too', async ({ page }, info) => {
  const file = info.outputPath('planted.jsonl');
  plantedLog(file);
  const { share } = await openShare(page, file);
  await share.getByLabel('Your own string').fill('test suite');
  await share.getByRole('button', { name: 'Add string' }).click();
  await expect(share.getByRole('region', { name: 'Rule user-string' })).toBeVisible();
  await share.getByRole('button', { name: 'Close Share' }).click();
  await openExport(page);
  await page.getByRole('checkbox', { name: 'zstd' }).check();
  await expect(page.getByRole('checkbox', { name: 'Redact credentials' })).toBeChecked();
  const z = await download(page, () => page.getByRole('button', { name: 'Export fork at cursor' }).click());
  expect(z.name).toMatch(/-fork-\d+\.jsonl\.zstd$/);
  expect(blockTypes(z.bytes)).toContain(2);
  const log = text(await unpackLog(z.bytes));
  expect(log).not.toContain(KEY);
  expect(log).not.toContain('test suite');
  expect(log).toContain('[REDACTED:user-string]');
  expect((await coreOpen(z.bytes)).verdict).toEqual({ ok: true });
});

test('a tour exported with its session carries the redacted log and captions; unticked, the log as it is', async ({ page }, info) => {
  const file = info.outputPath('planted.jsonl');
  const plain = plantedLog(file);
  const app = new SeqscopePage(page);
  await app.open(file);
  const editor = await app.openTourEditor();
  await editor.getByRole('button', { name: 'Record tour' }).click();
  await app.scrubTo(4);
  await editor.getByRole('button', { name: 'Stop recording' }).click();
  await editor.getByLabel('Caption of step 1').fill(`The key ${KEY} is read here.`);
  await expect(editor.getByRole('checkbox', { name: 'Redact tour and session' })).toBeChecked();
  const zip = await download(page, () => editor.getByRole('button', { name: 'Export tour with session' }).click());
  expect(zip.name).toMatch(/\.tour\.zip$/);
  const files = unzipSync(zip.bytes);
  expect(Object.keys(files).sort()).toEqual(['session.jsonl', 'tour.json']);
  expect(text(zip.bytes)).not.toContain(KEY);
  const log = strFromU8(files['session.jsonl']), tour = strFromU8(files['tour.json']);
  expect(log).not.toContain(KEY);
  expect(log).toContain('[REDACTED:deepseek-api-key]');
  expect(log.split('\n').length).toBe(plain.split('\n').length);
  expect(tour).not.toContain(KEY);
  expect(JSON.parse(tour).steps[0].caption).toBe('The key [REDACTED:deepseek-api-key] is read here.');
  await expect(editor.getByRole('status')).toContainText(/, [1-9]\d* credentials? redacted/);
  // the ZIP opens as its session in Seqscope
  expect((await coreOpen(zip.bytes)).verdict).toEqual({ ok: true });

  await editor.getByRole('checkbox', { name: 'Redact tour and session' }).uncheck();
  const kept = unzipSync((await download(page, () => editor.getByRole('button', { name: 'Export tour with session' }).click())).bytes);
  expect(strFromU8(kept['session.jsonl'])).toBe(plain);
  expect(strFromU8(kept['tour.json'])).toContain(KEY);
});

test('a trace exported with content is made from the redacted log; unticked, the content is as it is', async ({ page }, info) => {
  const file = info.outputPath('planted.jsonl');
  plantedLog(file);
  const app = new SeqscopePage(page);
  await app.open(file);
  await openExport(page);
  const content = page.getByRole('checkbox', { name: 'with content' });
  const redact = page.getByRole('checkbox', { name: 'Redact trace content' });
  await expect(redact).toBeDisabled();
  await content.check();
  await expect(redact).toBeChecked();
  const otlp = text((await download(page, () => page.getByRole('button', { name: 'Export trace' }).click())).bytes);
  expect(otlp).toContain('gen_ai.input.messages');
  expect(otlp).not.toContain(KEY);
  expect(otlp).toContain('[REDACTED:deepseek-api-key]');

  await redact.uncheck();
  const raw = text((await download(page, () => page.getByRole('button', { name: 'Export trace' }).click())).bytes);
  expect(raw).toContain(KEY);
});
