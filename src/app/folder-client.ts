/** The page side of the folder worker: started on first use, one request per id. */
import type { FolderReply, FolderRequest } from '../protocol/folder-protocol';

type Ask = FolderRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export class FolderClient {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, (r: FolderReply) => void>();

  ask<T>(req: Ask): Promise<T> {
    const w = this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, (r) => (r.ok ? resolve(r.value as T) : reject(new Error(r.message))));
      w.postMessage({ ...req, id } as FolderRequest);
    });
  }

  private start(): Worker {
    const w = new Worker(new URL('../worker/folder.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (ev: MessageEvent<FolderReply>) => { const p = this.pending.get(ev.data.id); this.pending.delete(ev.data.id); p?.(ev.data); };
    return w;
  }
}

export const folderClient = new FolderClient();
