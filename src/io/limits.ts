/**
 * The most plaintext a log may hold for Seqscope to read it: a plain file's size, or what a zstd
 * log decodes to. A product limit (docs/guide.md), not the platform's: lines are read again from
 * the file as views ask, so the tab's memory does not grow with it, and past it the refusal says so.
 */
export const MAX_LOG_PLAINTEXT = 4 * 2 ** 30;

/** A byte limit in words: whole GiB or MiB when it is one, else bytes. */
export function formatLimit(n: number): string {
  if (n > 0 && n % 2 ** 30 === 0) return `${n / 2 ** 30} GiB`;
  if (n > 0 && n % 2 ** 20 === 0) return `${n / 2 ** 20} MiB`;
  return `${n} bytes`;
}
