/// <reference lib="webworker" />
/** The folder worker: reads session headers and judges sessions for the folder list, one message at a time. */
import { compilePattern } from '../core/event-match';
import { readBlobHeaders } from '../io/folder-scan';
import { grepFile } from '../io/log-grep';
import type { FolderApi, FolderReply, FolderRequest } from '../protocol/folder-protocol';
import { dispatch } from './dispatch';
import { judgeFiles } from './folder-judge';

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** FolderApi, answered off the page's thread. */
const api: FolderApi = {
  headers: async (blobs) => (await readBlobHeaders(blobs)).map((facts, i) => {
    const b = blobs[i];
    return { facts, size: b.size, ...(b instanceof File ? { mtimeMs: b.lastModified } : {}) };
  }),
  judge: (files) => judgeFiles(files),
  grep: async (blob, path, pattern, filter, max) => grepFile(new Uint8Array(await blob.arrayBuffer()), path, compilePattern(pattern), filter, max),
};

scope.onmessage = async (ev: MessageEvent<FolderRequest>) => {
  const m = ev.data;
  let reply: FolderReply;
  try {
    reply = { id: m.id, ok: true, value: await dispatch<FolderApi>([api], m, (op) => new Error(`The folder worker has no operation "${op}".`)) };
  } catch (err) {
    reply = { id: m.id, ok: false, message: String((err as Error)?.message ?? err) };
  }
  scope.postMessage(reply);
};
