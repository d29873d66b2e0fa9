/**
 * Files the user picks or drops, with the handles the browser gives for them where it has the File
 * System Access API (Chromium): the library keeps a handle to list a file too large to copy by
 * reference (src/app/keep-policy.ts). Elsewhere there is no handle, and the file input is used.
 */

type PickerWindow = { showOpenFilePicker?(o: object): Promise<FileSystemFileHandle[]> };
type HandleItem = DataTransferItem & { getAsFileSystemHandle?(): Promise<FileSystemHandle | null> };

/** Whether this browser has the File System Access picker. */
export const hasFilePicker = (): boolean => typeof (window as PickerWindow).showOpenFilePicker === 'function';

/** Picks files with the File System Access picker: each file with its handle; none when the user cancels. */
export async function pickFiles(): Promise<{ file: File; handle: FileSystemFileHandle }[]> {
  let handles: FileSystemFileHandle[];
  try {
    handles = await (window as PickerWindow).showOpenFilePicker!({ multiple: true, id: 'seqscope-open', types: [{ description: 'DSH session logs', accept: { 'application/x-ndjson': ['.jsonl', '.json'], 'application/zstd': ['.zstd', '.zst'], 'application/zip': ['.zip'] } }] });
  } catch (err) {
    if ((err as { name?: string })?.name === 'AbortError') return [];
    throw err;
  }
  return Promise.all(handles.map(async (handle) => ({ file: await handle.getFile(), handle })));
}

/**
 * The handles of a drop's items, asked for while the drop event is dispatched (the items are gone
 * after it); undefined for an item without one.
 */
export function droppedHandles(dt: DataTransfer): Promise<FileSystemFileHandle | undefined>[] {
  return [...dt.items].filter((i) => i.kind === 'file').map((i) => {
    const get = (i as HandleItem).getAsFileSystemHandle;
    if (!get) return Promise.resolve(undefined);
    return get.call(i).then((h) => (h?.kind === 'file' ? h as FileSystemFileHandle : undefined), () => undefined);
  });
}
