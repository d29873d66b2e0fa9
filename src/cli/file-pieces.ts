import { closeSync, openSync, readSync } from 'node:fs';

/** `file` read 4 MiB at a time, each piece an array of its own: never held whole. */
export function* filePieces(file: string): Generator<Uint8Array> {
  const fd = openSync(file, 'r');
  try {
    for (;;) {
      const b = new Uint8Array(4 << 20);
      const n = readSync(fd, b, 0, b.length, null);
      if (n <= 0) return;
      yield n < b.length ? b.subarray(0, n) : b;
    }
  } finally { closeSync(fd); }
}
