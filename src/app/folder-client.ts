/** The page side of the folder workers: each started on first use, one request per id. */
import type { FolderApi, FolderReply, FolderRequest } from '../protocol/folder-protocol';
import type { Answer, Args, Op, RpcRequest } from '../protocol/rpc';

export class FolderClient {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, (r: FolderReply) => void>();

  /** Asks FolderApi's `op` with its arguments; resolves with the method's value. */
  ask<K extends Op<FolderApi>>(op: K, ...args: Args<FolderApi, K>): Promise<Answer<FolderApi, K>> {
    const w = this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (r) => (r.ok ? resolve(r.value as Answer<FolderApi, K>) : reject(new Error(r.message))));
      // op and args agree by ask's signature; the union of every request cannot see that
      w.postMessage({ id, ...({ op, args } as unknown as RpcRequest<FolderApi>) } satisfies FolderRequest);
    });
  }

  private start(): Worker {
    const w = new Worker(new URL('../worker/folder.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (ev: MessageEvent<FolderReply>) => { const p = this.pending.get(ev.data.id); this.pending.delete(ev.data.id); p?.(ev.data); };
    return w;
  }
}

/**
 * Folder workers judging at once: two, as `seqscope stats --jobs 2` (issue 27 times the fleet view
 * against it); each log is read once, by one of them.
 */
export const FOLDER_LANES = 2;

/** The folder workers; header batches and judgements are spread over them. */
export const folderClients: readonly FolderClient[] = Array.from({ length: FOLDER_LANES }, () => new FolderClient());
