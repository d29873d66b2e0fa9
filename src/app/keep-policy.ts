/**
 * Which files the library copies into IndexedDB and which it lists by reference (issue 29): a copy
 * of a 4 GiB log would double its disk use and may pass the browser's quota, and a half-written
 * copy must never be left. A file past COPY_LIMIT, or past the room the browser says is left, is
 * listed by reference instead: its handle where the browser gave one (read again when opened),
 * else as "not kept: reopen the file".
 */

/** The largest file the library copies (1 GiB). */
export const COPY_LIMIT = 2 ** 30;

/** What `navigator.storage.estimate()` answers (tests give their own). */
export type StorageEstimate = () => Promise<{ quota?: number; usage?: number }>;

const browserEstimate: StorageEstimate | undefined = typeof navigator !== 'undefined' && navigator.storage?.estimate ? () => navigator.storage.estimate() : undefined;

/** Whether a file of `size` bytes is listed by reference rather than copied. */
export async function keepByReference(size: number, estimate: StorageEstimate | undefined = browserEstimate): Promise<boolean> {
  if (size > COPY_LIMIT) return true;
  if (!estimate) return false;
  try {
    const { quota, usage } = await estimate();
    // the copy, with a tenth to spare for the entry and the database's own overhead
    return quota !== undefined && size * 1.1 > quota - (usage ?? 0);
  } catch {
    return false;
  }
}
