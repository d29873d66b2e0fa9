/**
 * Search across every session of the open folder: each file is searched once in one of a few
 * folder workers (bounded concurrency), and its hits and count arrive as it is done; Cancel ends
 * the workers. A hit opens its session at the hit's seq, selected, with the match highlighted by
 * the session's own search.
 */
import { create } from 'zustand';
import type { MatchFilter } from '../core/event-match';
import type { SessionGrep } from '../io/log-grep';
import type { FolderReply, FolderRequest } from '../protocol/folder-protocol';
import { useApp } from '../store/store';
import { select, setCursor } from './cursor';
import { folderBlob, openFolderSession } from './folder';
import { runSearch } from './search';
import { nextSessionShown } from './session';
import { setView } from './view';

export interface FleetSearchState {
  readonly pattern?: string;
  readonly running: boolean;
  /** Files searched, of `total`. */
  readonly searched: number;
  readonly total: number;
  /** Sessions with hits, in the order they were done. */
  readonly sessions: readonly SessionGrep[];
  readonly hits: number;
  readonly cancelled?: boolean;
  readonly error?: string;
}

export const useFleetSearch = create<FleetSearchState>(() => ({ running: false, searched: 0, total: 0, sessions: [], hits: 0 }));

/** Workers searching at once. */
const WORKERS = 2;
/** Hits kept per session (its count counts them all). */
const MAX_PER_SESSION = 50;

let workers: Worker[] = [];
let run = 0;

function stop(): void {
  for (const w of workers) w.terminate();
  workers = [];
}

/** Starts a search of every session file of the open folder (`pattern`: text, or `/regex/flags`). */
export function startFleetSearch(pattern: string, filter: MatchFilter): void {
  stop();
  const mine = ++run;
  const paths = (useApp.getState().folder?.sessions ?? []).map((s) => s.path);
  if (!pattern) { useFleetSearch.setState({ pattern: undefined, running: false, searched: 0, total: 0, sessions: [], hits: 0, cancelled: false, error: undefined }); return; }
  useFleetSearch.setState({ pattern, running: paths.length > 0, searched: 0, total: paths.length, sessions: [], hits: 0, cancelled: false, error: undefined });
  let next = 0, searched = 0;
  const one = (w: Worker, id: number) => new Promise<FolderReply>((resolve) => {
    w.onmessage = (ev: MessageEvent<FolderReply>) => { if (ev.data.id === id) resolve(ev.data); };
  });
  const lane = async (w: Worker) => {
    while (next < paths.length && mine === run) {
      const path = paths[next++];
      const blob = await folderBlob(path).catch(() => undefined);
      if (mine !== run) return;
      if (blob) {
        const id = next;
        const answer = one(w, id);
        w.postMessage({ id, op: 'grep', args: [blob, path, pattern, filter, MAX_PER_SESSION] } satisfies FolderRequest);
        const r = await answer;
        if (mine !== run) return;
        if (!r.ok) { useFleetSearch.setState({ error: r.message }); stop(); useFleetSearch.setState({ running: false }); run++; return; }
        const found = (r.value as SessionGrep[]).filter((s) => s.count > 0);
        if (found.length) {
          const s = useFleetSearch.getState();
          useFleetSearch.setState({ sessions: [...s.sessions, ...found], hits: s.hits + found.reduce((a, x) => a + x.count, 0) });
        }
      }
      searched++;
      useFleetSearch.setState({ searched });
    }
  };
  workers = Array.from({ length: Math.min(WORKERS, paths.length) }, () => new Worker(new URL('../worker/folder.worker.ts', import.meta.url), { type: 'module' }));
  void Promise.all(workers.map(lane)).then(() => { if (mine === run) { stop(); useFleetSearch.setState({ running: false }); } });
}

export function cancelFleetSearch(): void {
  if (!useFleetSearch.getState().running) return;
  run++;
  stop();
  useFleetSearch.setState({ running: false, cancelled: true });
}

/** The text the session's own search highlights for a pattern: the pattern itself, or a regex's body when it is plain text. */
export function highlightText(pattern: string): string | undefined {
  const m = /^\/(.+)\/[a-z]*$/s.exec(pattern);
  if (!m) return pattern;
  return /^[\w\s-]+$/.test(m[1]) ? m[1] : undefined;
}

/** Opens a hit's session at its seq: cursor and selection there, the Log shown, the match highlighted. */
export async function openFleetHit(path: string, seq: number, pattern: string): Promise<void> {
  const shown = nextSessionShown();
  await openFolderSession(path);
  if (!(await shown)) return;
  setView('log');
  setCursor(seq);
  select(seq);
  const text = highlightText(pattern);
  if (text) await runSearch(text);
}
