/**
 * Files past the plaintext limit (src/io/limits.ts, 4 GiB) are refused before they are read: a
 * plain log larger than it, or a Zstandard log larger than it (it cannot expand to less than about
 * its own size; one that expands past it while it is read is refused by the loader). The sentence
 * is kept as `sizeRefusal` in the store and shown in a role=alert by the views; the current session stays.
 */
import { formatBytes } from '../core/text';
import { MAX_LOG_PLAINTEXT, formatLimit } from '../io/limits';
import { sniffFormat } from '../io/sniff';
import { useApp } from '../store/store';

const isZstd = async (file: Blob) => sniffFormat(new Uint8Array(await file.slice(0, 4).arrayBuffer())) === 'zstd';

/** The refusal sentence for `file`, or undefined when it may be read. */
export async function sizeRefusal(file: Blob, name: string): Promise<string | undefined> {
  if (file.size <= MAX_LOG_PLAINTEXT) return undefined;
  const size = `${formatBytes(file.size)} (${file.size.toLocaleString('en-US')} bytes)`;
  return await isZstd(file)
    ? `${name} is ${size} of Zstandard, which expands past the ${formatLimit(MAX_LOG_PLAINTEXT)} of log this viewer reads, so it was not opened.`
    : `${name} is ${size}, more than the ${formatLimit(MAX_LOG_PLAINTEXT)} of log this viewer reads, so it was not opened.`;
}

/** Checks `file` before reading it: true when it may be read; otherwise shows the refusal. */
export async function admitFileSize(file: File): Promise<boolean> {
  const message = await sizeRefusal(file, file.name);
  useApp.setState({ sizeRefusal: message });
  return message === undefined;
}
