/// <reference lib="webworker" />
/** The folder worker: reads session headers and judges sessions for the folder list, one message at a time. */
import { readBlobHeaders } from '../io/folder-scan';
import { readInput } from '../io/open';
import type { FolderReply, FolderRequest } from '../protocol/folder-protocol';
import { judgeSession } from './folder-judge';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (ev: MessageEvent<FolderRequest>) => {
  const m = ev.data;
  let reply: FolderReply;
  try {
    const value = m.op === 'headers'
      ? await readBlobHeaders(m.blobs)
      : await judgeSession(await readInput(m.blob), m.name);
    reply = { id: m.id, ok: true, value };
  } catch (err) {
    reply = { id: m.id, ok: false, message: String((err as Error)?.message ?? err) };
  }
  scope.postMessage(reply);
};
