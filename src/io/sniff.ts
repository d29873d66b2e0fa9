/** Detects a file's format by magic bytes, never by name (decisions §4). */
export type FileFormat = 'zstd' | 'zip' | 'jsonl';

export function sniffFormat(b: Uint8Array): FileFormat {
  if (b.length >= 4 && b[0] === 0x28 && b[1] === 0xb5 && b[2] === 0x2f && b[3] === 0xfd) return 'zstd';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip';
  return 'jsonl';
}
