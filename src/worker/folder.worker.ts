/// <reference lib="webworker" />
/** The folder worker: reads session headers and judges sessions for the folder list, one message at a time. */
import { compilePattern } from '../core/event-match';
import { readBlobHeaders } from '../io/folder-scan';
import { grepFile } from '../io/log-grep';
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
      : m.op === 'grep'
        ? await grepFile(new Uint8Array(await m.blob.arrayBuffer()), m.path, compilePattern(m.pattern), m.filter, m.max)
        : await judgeSession(await readInput(m.blob), m.name, m.path);
    reply = { id: m.id, ok: true, value };
  } catch (err) {
    reply = { id: m.id, ok: false, message: String((err as Error)?.message ?? err) };
  }
  scope.postMessage(reply);
};
