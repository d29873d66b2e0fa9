/**
 * A file on disk as the loader's input without reading it whole: a Blob (Node's fs.openAsBlob, read
 * a piece at a time by the loader) and a synchronous reader of it (a file descriptor), through
 * which the log reads its lines again. `close` ends the descriptors once the session is done with.
 */
import { closeSync, openAsBlob, openSync, readSync } from 'node:fs';
import type { SyncReader } from '../io/paged-backing';

export interface FileBlob {
  readonly blob: Blob;
  readonly syncReader: SyncReader;
  close(): void;
}

export async function openFileBlob(path: string): Promise<FileBlob> {
  const blob = await openAsBlob(path);
  const fds: number[] = [];
  const syncReader: SyncReader = () => {
    const fd = openSync(path, 'r');
    fds.push(fd);
    return (start, end) => {
      const out = new Uint8Array(end - start);
      for (let got = 0; got < out.length;) {
        const n = readSync(fd, out, got, out.length - got, start + got);
        if (n === 0) return out.subarray(0, got);
        got += n;
      }
      return out;
    };
  };
  return { blob, syncReader, close: () => { for (const fd of fds.splice(0)) closeSync(fd); } };
}
