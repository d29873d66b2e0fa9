/**
 * Issue 6, nothing lost: around a refused import (a file that cannot be opened), a refused-but-
 * readable log, a cancelled import and a reload in the middle of an import, the library holds
 * exactly what it held before plus, at most, the new session, complete. Checked twice: in the
 * Library list, and in the IndexedDB stores themselves (every entry's bytes present, byte-exact).
 */
import { expect, test, type Page } from '@playwright/test';
import { badChecksumZstd, millionTinyLines, xssPayloadLog, zipClaimingHugeSize } from '../src/fuzz/hostile';
import { status } from './helpers';
import { openApp, pickBytes } from './hostile-helpers';
import { libraryItems, libraryList } from './library-helpers';

interface Kept { id: string; name: string; size: number; stored: number; sum: number }

/** The library's IndexedDB content: each entry with the length and a checksum of its stored bytes (a Blob or bytes). */
function snapshot(page: Page): Promise<Kept[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('seqscope-library');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => resolve(req.result);
    });
    const [entries, rows] = await new Promise<[{ id: string; name: string; size: number }[], { id: string; bytes: Uint8Array | Blob }[]]>((resolve, reject) => {
      const tx = db.transaction(['entries', 'bytes'], 'readonly');
      const e = tx.objectStore('entries').getAll();
      const b = tx.objectStore('bytes').getAll();
      tx.oncomplete = () => resolve([e.result, b.result]);
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const byId = new Map<string, Uint8Array>();
    for (const r of rows) byId.set(r.id, r.bytes instanceof Blob ? new Uint8Array(await r.bytes.arrayBuffer()) : r.bytes);
    const out: Kept[] = entries.map((e) => {
      const b = byId.get(e.id);
      let sum = 0;
      if (b) for (let i = 0; i < b.length; i++) sum = (sum * 31 + b[i]) >>> 0;
      return { id: e.id, name: e.name, size: e.size, stored: b ? b.length : -1, sum };
    });
    // no orphan bytes either
    if (byId.size !== out.length) out.push({ id: 'orphan-bytes', name: '', size: byId.size, stored: out.length, sum: 0 });
    return out.sort((a, b) => a.id.localeCompare(b.id));
  });
}

const checksum = (b: Uint8Array) => { let s = 0; for (let i = 0; i < b.length; i++) s = (s * 31 + b[i]) >>> 0; return s; };

/** Every entry is complete: its bytes are stored, as long as the entry says. */
function expectComplete(kept: Kept[]) {
  for (const k of kept) expect(k.stored, `${k.name}: stored bytes`).toBe(k.size);
}

test('the library survives a refused, a cancelled and a reloaded-mid-way import', async ({ page }, testInfo) => {
  await openApp(page);
  const good = xssPayloadLog({ turns: 1 });
  await pickBytes(page, testInfo, 'kept.jsonl', good);
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'ok');
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);
  const start = await snapshot(page);
  expect(start).toEqual([expect.objectContaining({ name: 'kept.jsonl', size: good.length, stored: good.length, sum: checksum(good) })]);

  // refused: a ZIP that claims a huge size cannot be opened at all
  await pickBytes(page, testInfo, 'huge.zip', zipClaimingHugeSize());
  await expect(page.getByRole('alert')).toContainText('claims more than');
  await expect(page.getByTestId('library-notice')).toContainText('huge.zip could not be opened');
  await expect(libraryItems(page)).toHaveCount(1);
  expect(await snapshot(page)).toEqual(start);

  // refused by DSH but readable (a failing zstd checksum): kept, complete, labelled
  const bad = await badChecksumZstd('middle');
  await pickBytes(page, testInfo, 'bad-checksum.jsonl.zstd', bad);
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'corrupt');
  await expect(libraryItems(page)).toHaveCount(2);
  const two = await snapshot(page);
  expect(two).toEqual(expect.arrayContaining([...start, expect.objectContaining({ name: 'bad-checksum.jsonl.zstd', size: bad.length, stored: bad.length, sum: checksum(bad) })]));
  expect(two).toHaveLength(2);

  // cancelled: a million lines, cancelled while loading (with the library drawer open)
  await expect(page.getByRole('list', { name: 'Library' })).toBeVisible();
  // three million lines (~165 MB): slow enough that Cancel and reload land while it loads
  const big = millionTinyLines(3_000_000);
  await pickBytes(page, testInfo, 'million.jsonl', big);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Load cancelled');
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(2);
  expect(await snapshot(page)).toEqual(two);

  // reloaded mid-way: the page goes away while the worker reads
  await pickBytes(page, testInfo, 'million-again.jsonl', big);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.reload();
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await libraryList(page);
  const after = await snapshot(page);
  expectComplete(after);
  // everything from before is still there, byte for byte; at most the new session was added, complete
  expect(after).toEqual(expect.arrayContaining(two));
  expect(after.length - two.length).toBeLessThanOrEqual(1);
  for (const k of after.filter((x) => !two.some((y) => y.id === x.id))) expect(k).toEqual(expect.objectContaining({ size: big.length, stored: big.length, sum: checksum(big) }));
  await expect(libraryItems(page)).toHaveCount(after.length);
});
