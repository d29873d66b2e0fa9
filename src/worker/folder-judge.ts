/** A folder session's verdict, title and size in events, for the folder list (issue 16). */
import { isPlainRecord } from '../core/errors';
import { openBytes } from '../io/open';
import { figureObserver, fleetEntryOf } from '../io/session-stats';
import { webByteText } from '../io/web-byte-text';
import type { Judgement } from '../protocol/folder-protocol';

const MESSAGE_MAX = 300;

/**
 * Loads the file as opening it would (a ZIP: its root) and keeps only what the list shows, with
 * the session's own figures, folded as the loader admits each record (the log is read once). Lines
 * are split and parsed on `seqscope stats`'s path (the scanner's ASCII fast path, the same figure
 * fold and entry, src/io/session-stats.ts), with the web platform's byte-to-text primitives.
 */
export async function judgeSession(input: Uint8Array | Blob, fileName: string, path = fileName): Promise<Judgement> {
  const figures = figureObserver();
  const { result: r } = await openBytes(input, { fileName, now: 0, byteText: webByteText, observe: figures.observe });
  const log = r.session?.log;
  let title: string | undefined;
  // the latest title wins (DSH retitles a session as it goes)
  if (log) {
    for (let s = Math.min(log.length, r.storedEventCount) - 1; s >= 0 && title === undefined; s--) {
      if (log.typeAt(s) !== 'session/title') continue;
      const d = log.rawAt(s).data;
      if (isPlainRecord(d) && typeof d.title === 'string') title = d.title.slice(0, MESSAGE_MAX);
    }
  }
  const v = r.verdict, fold = figures.fold();
  const fleet = fold && fleetEntryOf(r, fold, path, MESSAGE_MAX);
  return {
    ...(fleet ? { fleet } : {}),
    verdict: v.ok ? { ok: true } : { ok: false, kind: v.kind, message: v.message.slice(0, MESSAGE_MAX) },
    ...(title !== undefined ? { title } : {}), events: r.storedEventCount,
  };
}
