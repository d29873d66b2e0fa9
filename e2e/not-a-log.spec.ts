/**
 * Issue 14 §5: files that are not session logs are named for what they are, refused in one
 * sentence, and never kept in the library; no view or status shows a negative seq.
 */
import { expect, test, type Page } from '@playwright/test';
import { status } from './helpers';
import { closedToolTurn, headerRecord, jsonl } from '../src/testing/builders';
import { encodeZstdFrames } from '../src/io/zstd-encode';
import { coreOpen, libraryItems, libraryList, pick, ready } from './library-helpers';

/** The refusal's alert: a refused file's banner, or the status bar when the file could not be read at all. */
const alert = (page: Page) => page.getByRole('alert');

async function expectNothingKept(page: Page) {
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(0);
}

test('a missing demo or ?url= reads "not found", and nothing is kept', async ({ page }) => {
  await page.goto('/?demo=nope.jsonl');
  await expect(alert(page)).toContainText('not found');
  await expect(page.getByLabel('Verdict')).toHaveCount(0);
  await page.goto('/?url=/missing.jsonl');
  await expect(alert(page)).toContainText('Could not open /missing.jsonl: not found');
  await expectNothingKept(page);
});

test('a cross-origin ?url= says only same-origin addresses are allowed', async ({ page }) => {
  await page.goto('/?url=https://example.invalid/session.jsonl');
  await expect(alert(page)).toContainText('only same-origin addresses are allowed');
  await expectNothingKept(page);
});

test('a PNG, an HTML page, random bytes and an empty file are named and not kept', async ({ page }) => {
  await ready(page);
  const cases: [string, Uint8Array, string][] = [
    ['shot.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]), 'This is a PNG image, not a session log.'],
    ['page.jsonl', new TextEncoder().encode('<!doctype html>\n<html><body>hi</body></html>\n'), 'This is an HTML page, not a session log.'],
    ['noise.jsonl', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256), 'This is binary data, not a session log.'],
    ['empty.jsonl', new Uint8Array(0), 'This is an empty file, not a session log.'],
  ];
  for (const [name, bytes, sentence] of cases) {
    await pick(page, name, bytes);
    await expect(alert(page)).toContainText(sentence);
    await expect(page.getByTestId('library-notice')).toContainText(`${name} could not be opened, so it was not added to the library`);
  }
  await expectNothingKept(page);
});

test('with no session open, a file that is not a log is refused once, in its banner; the status bar and the library note do not repeat why', async ({ page }) => {
  await page.goto('/?demo=nope.jsonl');
  await expect(status(page).getByRole('alert')).toContainText('not found');
  await pick(page, 'shot.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]));
  const banner = page.getByLabel('Verdict');
  await expect(banner.getByRole('alert')).toContainText('This is a PNG image, not a session log.');
  await expect(page.getByText('This is a PNG image, not a session log.')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(status(page)).toContainText('No session open');
  // the library's note does not repeat the reason the alert gives
  await expect(page.getByTestId('library-notice')).toHaveText(/^shot\.png could not be opened, so it was not added to the library \(the library is unchanged\)\.\s*×?$/);
});

test('a zstd log whose first bytes are damaged is called a damaged log, with the verdict sentence, not binary data', async ({ page }) => {
  await ready(page);
  const b = await encodeZstdFrames([headerRecord('z'), ...closedToolTurn(0, 1)].map((r) => jsonl([r])));
  b.fill(0, 0, 4);
  await pick(page, 'session.jsonl.zstd', b);
  const verdict = page.getByLabel('Verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'corrupt');
  await expect(verdict).toContainText('Line 1: Corrupt Zstandard session log, damaged at its start: invalid frame magic at byte 0, so frame 1 (the header) cannot be decoded; an intact frame starts at byte');
  // the page's sentence is the loader's, as `seqscope check` prints it
  const want = (await coreOpen(b)).verdict;
  expect(want.ok ? '' : want.message).toContain('damaged at its start');
  await expect(verdict).toContainText(want.ok ? 'ok' : want.message);
  await expect(page.getByText('binary data')).toHaveCount(0);
});

test('a refusal that names its line says "Line 1" once, not again as a badge', async ({ page }) => {
  await ready(page);
  // a header without delegationDepth: refused at line 1, no seq
  const bytes = new TextEncoder().encode('{"type":"session","version":0,"id":"x","createdAt":1,"cwd":"/"}\n{"type":"user/message","seq":0,"time":2,"data":{}}\n');
  const v = (await coreOpen(bytes)).verdict;
  expect(v).toMatchObject({ ok: false, line: 1 });
  await pick(page, 'badhead.jsonl', bytes);
  const banner = page.getByLabel('Verdict');
  await expect(banner.getByRole('alert')).toContainText(v.ok ? '' : v.message);
  expect((await banner.innerText()).match(/\bline 1\b/gi)).toHaveLength(1);
});

test('a text file with no readable event never shows a negative seq', async ({ page }) => {
  await ready(page);
  await pick(page, 'words.jsonl', new TextEncoder().encode('hello, this is not json\n'));
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', /corrupt|unsupported/);
  await expect(page.getByLabel('Verdict')).toContainText('no event could be read');
  await expect(status(page)).toContainText('No events could be read');
  for (const text of [await page.getByLabel('Verdict').innerText(), await status(page).innerText(), await page.locator('.scrubber').innerText()]) {
    expect(text).not.toMatch(/(^|[\s(])-1\b/);
  }
});
