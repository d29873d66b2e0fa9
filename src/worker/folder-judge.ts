/** A folder session's verdict, title and size in events, for the folder list (issue 16). */
import { isPlainRecord } from '../core/errors';
import { openBytes } from '../io/open';
import type { Judgement } from '../protocol/folder-protocol';

/** Loads the file as opening it would (a ZIP: its root) and keeps only what the list shows. */
export async function judgeSession(input: Uint8Array | Blob, fileName: string): Promise<Judgement> {
  const { result: r } = await openBytes(input, { fileName, now: 0 });
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
  const v = r.verdict;
  return {
    verdict: v.ok ? { ok: true } : { ok: false, kind: v.kind, message: v.message.slice(0, 300) },
    ...(title !== undefined ? { title } : {}), events: r.storedEventCount,
  };
}
