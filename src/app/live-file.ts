/**
 * Following a live file, one still being written: about every 500 ms the file is read from where
 * the last read ended (an HTTP Range request for a URL, a slice of the file for a handle), and the
 * new bytes go to the worker, which grows the same session. A file that shrank, or whose bytes
 * before that point changed, is reloaded from the start with a notice.
 */
import { useApp } from '../store/store';
import { failOpen, loadSession, growSession, setLiveSession, type Restore } from './session';
import { loads } from './session-scope';
import type { LiveSource } from './sources';
import type { Summary } from '../protocol/summary';

export const POLL_MS = 500;
/** The least time between one poll's end and the next one's start. */
const MIN_GAP_MS = 100;
/** Bytes before the read point read again each time, to notice a file rewritten in place. */
const OVERLAP = 64;

/** The one poll timer: a new live file (or a reload) replaces the one before. */
const poller: { timer?: ReturnType<typeof setTimeout> } = {};

function stopPolling(): void {
  if (poller.timer) clearTimeout(poller.timer);
  poller.timer = undefined;
}

/**
 * Why a file loaded to be followed is not: DSH refused it at load (its verdict sentence, naming the
 * line and seq), or it is a kind of file that is never appended to (an archive, a test fixture).
 */
function notFollowed(summary: Summary): string {
  if (!summary.verdict.ok) return `DSH refuses this log, so it is not followed: ${summary.verdict.message}`;
  const what = summary.container === 'zip' ? 'an archive' : summary.container === 'fixture' ? 'a test fixture' : 'an archive or a test fixture';
  return `This file cannot be followed (${what}): it was opened as it is.`;
}

export interface LiveOptions {
  /** Said with the file (why it was reloaded). */
  readonly notice?: string;
  /** Told when the live session is shown as the file now stands: its load settled, or it grew (a reload too). */
  readonly onGrew?: () => void;
}

/** Opens `src` as a live file: loads it whole, then polls for appended bytes while it stays shown. */
export async function openLiveFile(src: LiveSource, sessionName: string, restore: Restore = {}, opts: LiveOptions = {}): Promise<void> {
  const { notice, onGrew } = opts;
  useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined });
  let buf: ArrayBuffer;
  // a file that cannot be read leaves the session shown as it was, a followed one still followed
  try { buf = await src.readAll(); } catch (err) {
    failOpen(src.label, `Could not read ${src.label}: ${(err as Error).message.replace(/\.$/, '')}.`);
    return;
  }
  stopPolling();
  const size = buf.byteLength;
  let tail = new Uint8Array(buf, Math.max(0, size - OVERLAP)).slice();
  useApp.setState({ liveSession: { source: src.label, pinnedToEnd: true, ...(notice ? { notice } : {}) } });
  loadSession(buf, src.name, sessionName, {
    ...restore, live: true,
    onLoaded: (summary) => {
      restore.onLoaded?.(summary);
      if (!summary.live) { setLiveSession({ source: src.label, pinnedToEnd: false, notice: notFollowed(summary) }); return; }
      onGrew?.();
      const current = loads.current();
      let at = size;
      const poll = async () => {
        poller.timer = undefined;
        const started = performance.now();
        if (!current() || !useApp.getState().liveSession) return;
        try {
          const g = await src.readFrom(at, tail);
          if (!current()) return;
          if (g.kind === 'changed') { void openLiveFile(src, sessionName, {}, { notice: `${g.why} since it was read, so it was reloaded from the start.`, onGrew }); return; }
          if (g.kind === 'grew') {
            at += g.bytes.length;
            const joined = new Uint8Array(tail.length + g.bytes.length);
            joined.set(tail); joined.set(g.bytes, tail.length);
            tail = joined.slice(Math.max(0, joined.length - OVERLAP));
            const bytes = g.bytes.buffer.byteLength === g.bytes.length ? g.bytes.buffer as ArrayBuffer : g.bytes.slice().buffer;
            if (!(await growSession(bytes))) return;
            onGrew?.();
            const s = useApp.getState();
            if (s.summary?.live?.ended) { setLiveSession({ source: src.label, pinnedToEnd: false, notice: 'DSH refuses the log as it now stands, so following stopped.' }); return; }
          }
        } catch (err) {
          const f = useApp.getState().liveSession;
          if (f) setLiveSession({ ...f, notice: `Could not read ${src.label} (${(err as Error).message}); still trying.` });
        }
        // every POLL_MS from the last poll's start (a long append does not push the next one back), with a short breather
        if (current() && useApp.getState().liveSession) poller.timer = setTimeout(() => void poll(), Math.max(MIN_GAP_MS, POLL_MS - (performance.now() - started)));
      };
      poller.timer = setTimeout(() => void poll(), POLL_MS);
    },
  });
}
