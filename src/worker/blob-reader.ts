/// <reference lib="webworker" />
/**
 * A worker's synchronous reader of a Blob (FileReaderSync): a picked or kept file is read again a
 * page at a time when a view asks for a line, so its bytes stay on disk. Undefined where the
 * platform has none (the log is then read whole).
 */
import type { SyncReader } from '../io/paged-backing';

export const blobReader: SyncReader | undefined = typeof FileReaderSync === 'function'
  ? (blob) => { const r = new FileReaderSync(); return (start, end) => new Uint8Array(r.readAsArrayBuffer(blob.slice(start, end))); }
  : undefined;
