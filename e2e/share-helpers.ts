/** The Share specs' shared set-up: a demo log with credentials planted in it, opened with the Share review up. */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { SeqscopePage } from './seqscope-page';

/** Writes the tool-round demo to `path` with `words` planted in its first user message; returns the text. */
export function plantInDemo(path: string, words: string): string {
  const text = readFileSync('public/demo/tool-round.jsonl', 'utf8').replace('Run the full test suite once more.', `Run the full test suite once more with ${words}.`);
  expect(text).toContain(words);
  writeFileSync(path, text);
  return text;
}

/** Opens `file` and then Share…; the page and the review's dialog. */
export async function openShare(page: Page, file: string): Promise<{ app: SeqscopePage; share: Locator }> {
  const app = new SeqscopePage(page);
  await app.open(file);
  await page.getByRole('button', { name: 'Share…' }).click();
  return { app, share: page.getByRole('dialog', { name: 'Share' }) };
}
