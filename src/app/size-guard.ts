/**
 * Files larger than the tab can hold are refused before they are read (issue 5): a plain log over
 * 1.5 GiB, or a Zstandard log over the loader's plaintext cap (it cannot expand to less than about
 * its own size). The sentence is kept as `sizeRefusal` in the store and shown in a role=alert by the views; the current session stays.
 */
import { formatBytes } from '../core/text';
import { sniffFormat } from '../io/sniff';
import { useApp } from '../store/store';

export const MAX_PLAIN_BYTES = 1.5 * 2 ** 30;
/** The loader refuses zstd plaintext past 384 MiB (src/io/load.ts). */
export const MAX_ZSTD_BYTES = 384 * 2 ** 20;

const isZstd = async (file: Blob) => sniffFormat(new Uint8Array(await file.slice(0, 4).arrayBuffer())) === 'zstd';

/** The refusal sentence for `file`, or undefined when it may be read. */
export async function sizeRefusal(file: Blob, name: string): Promise<string | undefined> {
  if (file.size <= MAX_ZSTD_BYTES) return undefined;
  if (await isZstd(file)) {
    return `${name} is ${formatBytes(file.size)} of Zstandard, which expands past the ${formatBytes(MAX_ZSTD_BYTES)} this viewer can hold in a browser tab, so it was not opened.`;
  }
  if (file.size > MAX_PLAIN_BYTES) {
    return `${name} is ${formatBytes(file.size)}, more than the ${formatBytes(MAX_PLAIN_BYTES)} this viewer can hold in a browser tab, so it was not opened.`;
  }
  return undefined;
}

/** Checks `file` before reading it: true when it may be read; otherwise shows the refusal. */
export async function admitFileSize(file: File): Promise<boolean> {
  const message = await sizeRefusal(file, file.name);
  useApp.setState({ sizeRefusal: message });
  return message === undefined;
}
