/** A folder session's verdict, title and size in events, for the folder list (issue 16). */
import { isPlainRecord } from '../core/errors';
import { readBlobs } from '../io/blob-batch';
import { openBytes, readInput } from '../io/open';
import { figureObserver, fleetEntryOf } from '../io/session-stats';
import { webByteText } from '../io/web-byte-text';
import type { JudgeAnswer, JudgeFile, Judgement } from '../protocol/folder-protocol';

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

/** A file up to this size is read whole, with the others of its batch; a larger one as the loader reads it (a zstd log a slice at a time). */
const WHOLE_MAX = 64 << 20;

/**
 * Judges each file in order: the small ones' bytes read with one read (readBlobs), each file read
 * once. A file that cannot be read or loaded is answered with why, and the others are judged.
 */
export async function judgeFiles(files: readonly JudgeFile[]): Promise<JudgeAnswer[]> {
  const whole = files.filter((f) => f.blob.size <= WHOLE_MAX);
  const bytes = new Map<JudgeFile, Uint8Array | undefined>();
  (await readBlobs(whole.map((f) => f.blob))).forEach((b, k) => bytes.set(whole[k], b));
  const out: JudgeAnswer[] = [];
  for (const f of files) {
    try {
      const input = bytes.has(f) ? bytes.get(f) : await readInput(f.blob);
      out.push(input ? await judgeSession(input, f.name, f.path) : { error: `${f.path} could not be read (changed or removed since the folder was listed?).` });
    } catch (err) {
      out.push({ error: String((err as Error)?.message ?? err) });
    }
  }
  return out;
}
