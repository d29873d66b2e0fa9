/** A folder session's verdict, title and size in events, for the folder list (issue 16). */
import { isPlainRecord } from '../core/errors';
import { kindOf } from '../core/fleet-figures';
import { SessionFigureFold } from '../core/session-figures';
import { openBytes } from '../io/open';
import type { Judgement } from '../protocol/folder-protocol';

/**
 * Loads the file as opening it would (a ZIP: its root) and keeps only what the list shows, with
 * the session's own figures, folded as the loader admits each record (the log is read once).
 */
export async function judgeSession(input: Uint8Array | Blob, fileName: string, path = fileName): Promise<Judgement> {
  let fold: SessionFigureFold | undefined;
  const { result: r } = await openBytes(input, { fileName, now: 0, observe: (h) => (fold = new SessionFigureFold(typeof h.seedLength === 'number' ? h.seedLength : 0)) });
  const log = r.session?.log;
  let title: string | undefined;
  // the latest title wins (DSH retitles a session as it goes)
  if (log) {
    for (let s = Math.min(log.length, r.storedEventCount) - 1; s >= 0 && title === undefined; s--) {
      if (log.typeAt(s) !== 'session/title') continue;
      const d = log.rawAt(s).data;
      if (isPlainRecord(d) && typeof d.title === 'string') title = d.title.slice(0, 300);
    }
  }
  const v = r.verdict, h = r.header;
  const fleet = h && fold ? {
    id: h.id, path, ...(typeof h.cwd === 'string' ? { project: h.cwd } : {}), createdAt: h.createdAt, kind: kindOf(h),
    parent: typeof h.parentSession === 'string' ? h.parentSession : null, verdict: v.ok ? 'ok' : v.kind,
    ...(v.ok ? {} : { message: v.message.slice(0, 300) }), partial: !v.ok, figures: fold.result(),
  } : undefined;
  return {
    ...(fleet ? { fleet } : {}),
    verdict: v.ok ? { ok: true } : { ok: false, kind: v.kind, message: v.message.slice(0, 300) },
    ...(title !== undefined ? { title } : {}), events: r.storedEventCount,
  };
}
