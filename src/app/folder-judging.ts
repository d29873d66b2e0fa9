/**
 * The folder's judging, the pure parts: which session is judged next, and how judgements that
 * arrived meanwhile are merged into the folder's sessions. Judgements come from several folder
 * workers at once, in any order; they are buffered and merged at most every FIGURES_FLUSH_MS,
 * since every merge makes the list, the fleet table, its totals and chart derive again over the
 * whole folder (one merge per judgement is quadratic in the folder's size).
 */
import type { FolderSession } from '../store/folder-slice';

export type Judged = NonNullable<FolderSession['judged']>;

/** Judgements are merged into the store at most this often (the first one at once). */
export const FIGURES_FLUSH_MS = 250;

/**
 * The merge interval for a folder of `sessions` whose last merge took `mergeMs` on the page's
 * thread: FIGURES_FLUSH_MS, longer for a large folder (each merge derives over every session on
 * the page's thread, which shares the two cores with the folder workers: 1 s at 10,000 sessions),
 * and longer when merges cost more than that allows (a slow or loaded machine).
 */
export const flushInterval = (sessions: number, mergeMs = 0): number => Math.min(MAX_FLUSH_MS, Math.max(FIGURES_FLUSH_MS, sessions / 10, mergeMs * MERGE_SPACING));

/**
 * A merge is followed by at least this many times its own cost (the store update and the render it
 * makes, as last measured) before the next: the page's thread spends at most about 1/20 of its
 * time merging figures while the folder workers run beside it on the same cores.
 */
export const MERGE_SPACING = 20;
/** ...but figures still arrive at least this often. */
export const MAX_FLUSH_MS = 2000;

/**
 * The sessions with `judged` merged in: a session named in it takes its judgement (a later one
 * replaces an earlier); every other session is kept as it is, the same object, and the array
 * itself is kept when nothing in it changes (so what derives from it need not derive again).
 */
export function mergeJudgements(sessions: readonly FolderSession[], judged: ReadonlyMap<string, Judged>): readonly FolderSession[] {
  if (judged.size === 0) return sessions;
  let out: FolderSession[] | undefined;
  for (let i = 0; i < sessions.length; i++) {
    const s = sessions[i];
    const j = judged.get(s.path);
    if (j === undefined || j === s.judged) continue;
    out ??= sessions.slice();
    out[i] = { ...s, judged: j };
  }
  return out ?? sessions;
}

/** A folder worker is handed sessions to judge in batches of at most this many files and bytes (one read of their bytes, one message), a larger file alone. */
export const JUDGE_BATCH_FILES = 32;
export const JUDGE_BATCH_BYTES = 4 << 20;

/**
 * The order sessions are judged in: those whose rows are on screen (`wanted`) first, in the order
 * they were asked for, then the rest by last modified, newest first. Each path is handed out once,
 * to one worker (so each log is read once); the order by time is sorted once, not per pick.
 */
export class JudgeQueue {
  private readonly order: readonly string[];
  private readonly sizes: ReadonlyMap<string, number>;
  private at = 0;
  private readonly taken = new Set<string>();

  constructor(sessions: readonly Pick<FolderSession, 'path' | 'mtimeMs' | 'size'>[]) {
    this.order = [...sessions].sort((a, b) => b.mtimeMs - a.mtimeMs).map((s) => s.path);
    // a size not known (its header could not be read) goes alone
    this.sizes = new Map(sessions.map((s) => [s.path, s.size >= 0 ? s.size : JUDGE_BATCH_BYTES]));
  }

  /** The next path to judge, or undefined when every one has been handed out. `wanted` is drained of what it yields or is already taken. */
  next(wanted: Set<string>): string | undefined {
    const k = this.peek(wanted);
    if (k !== undefined) this.take(k, wanted);
    return k;
  }

  /**
   * The next paths to judge, in order, as many as fit in `maxFiles` files and `maxBytes` bytes (at
   * least one, when any is left); empty when every one has been handed out.
   */
  nextBatch(wanted: Set<string>, maxFiles = JUDGE_BATCH_FILES, maxBytes = JUDGE_BATCH_BYTES): string[] {
    const out: string[] = [];
    let bytes = 0;
    for (let k = this.peek(wanted); k !== undefined && out.length < maxFiles; k = this.peek(wanted)) {
      const size = this.sizes.get(k) ?? 0;
      if (out.length > 0 && bytes + size > maxBytes) break;
      this.take(k, wanted);
      out.push(k);
      bytes += size;
    }
    return out;
  }

  /** The path `next` would give, handing nothing out (`wanted` is drained of what is already taken or not in the folder). */
  private peek(wanted: Set<string>): string | undefined {
    for (const k of wanted) {
      if (this.sizes.has(k) && !this.taken.has(k)) return k;
      wanted.delete(k);
    }
    while (this.at < this.order.length && this.taken.has(this.order[this.at])) this.at++;
    return this.order[this.at];
  }

  private take(k: string, wanted: Set<string>): void {
    this.taken.add(k);
    wanted.delete(k);
  }
}
