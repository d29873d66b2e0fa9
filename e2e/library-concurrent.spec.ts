import { expect, test } from '@playwright/test';
import { waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

test('two tabs importing at once both land complete, and the library keeps what it held', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await ready(a);
  await ready(b);
  const first = demoBytes('crash.jsonl');
  const firstCore = await coreOpen(first);
  await pick(a, 'before.jsonl', first);
  await waitLoaded(a, firstCore.session!.log.length - 1);
  await libraryList(a);
  await expect(libraryItems(a)).toHaveCount(1);

  const x = demoBytes('tool-round.jsonl'), y = demoBytes('demo.jsonl');
  const [xc, yc] = await Promise.all([coreOpen(x), coreOpen(y)]);
  // both imports run at the same time, one per tab
  await Promise.all([pick(a, 'from-a.jsonl', x), pick(b, 'from-b.jsonl', y)]);
  await Promise.all([waitLoaded(a, xc.session!.log.length - 1), waitLoaded(b, yc.session!.log.length - 1)]);

  for (const page of [a, b]) {
    await libraryList(page);
    await expect(libraryItems(page)).toHaveCount(3);
    for (const name of ['before.jsonl', 'from-a.jsonl', 'from-b.jsonl']) await expect(libraryItems(page).filter({ hasText: name })).toHaveCount(1);
  }
  // every kept entry is complete: its stored bytes are the file's bytes
  const sizes = await a.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => { const r = indexedDB.open('seqscope-library'); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
    const [entries, rows] = await new Promise<[{ id: string; name: string; size: number }[], { id: string; bytes: Uint8Array | Blob }[]]>((resolve, reject) => {
      const tx = db.transaction(['entries', 'bytes'], 'readonly');
      const e = tx.objectStore('entries').getAll(), r = tx.objectStore('bytes').getAll();
      tx.oncomplete = () => resolve([e.result, r.result]); tx.onerror = () => reject(tx.error);
    });
    db.close();
    const stored = new Map(rows.map((r) => [r.id, r.bytes instanceof Blob ? r.bytes.size : r.bytes.length]));
    return entries.map((e) => [e.name, e.size, stored.get(e.id)] as const).sort();
  });
  expect(sizes).toEqual([['before.jsonl', first.length, first.length], ['from-a.jsonl', x.length, x.length], ['from-b.jsonl', y.length, y.length]]);
});
