/** The Share specs' shared set-up: a demo log with credentials planted in it, opened with the Share review up. */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { frameSpans } from '../src/io/zstd-encode';
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

/** The block types (0 raw, 1 RLE, 2 compressed) of every block of every frame. */
export function blockTypes(z: Uint8Array): number[] {
  const out: number[] = [];
  for (const f of frameSpans(z)) {
    for (let p = f.blocksStart; ;) {
      const bh = z[p] | (z[p + 1] << 8) | (z[p + 2] << 16);
      const type = (bh >> 1) & 3;
      out.push(type);
      p += 3 + (type === 1 ? 1 : bh >> 3);
      if (bh & 1) break;
    }
  }
  return out;
}
