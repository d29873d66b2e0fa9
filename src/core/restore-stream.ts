import { isKnownEventType, isSurfaceEligibleType } from './catalog';
import { PackedRow } from './chunk-rows';
import { EventLog } from './event-log';
import type { LogBytes } from './log-bytes';
import { SessionError, isPlainRecord } from './errors';
import { validateSessionHeader } from './header';
import { stringifyJson } from './json';
import { normalizeLegacyEvent } from './legacy';
import { compactionFacts } from './compaction';
import { CloserScan } from './repair';
import { Session, type RestoreFailure } from './session';
import type { SessionEvent, SessionHeader } from './types';
import { messageOf, validateMessageShape } from './validate';

export interface RestoreOutcome {
  readonly session: Session;
  readonly closers: SessionEvent[];
  readonly endSeedAppended: boolean;
  readonly failure?: RestoreFailure;
}

/**
 * DSH's cold load after the scan (persistence.md §4.6–4.9) as a stream, so a loader validates each
 * record while it holds the parsed value and keeps only its text: legacy upgrades, the unknown-type
 * gate, the crash-repair scan, header admission, per-event admission and surface fold, then the
 * closers and the end-seed marker. DSH runs these as whole-log passes, so a failure reports the
 * first failing pass (legacy, then type gate, then repair scan, then header, then events) whatever
 * the seq order. After a failure the stream keeps reading, to find an earlier pass's failure and so
 * that the viewer can list every event; events past an admission failure are not folded.
 */
export class RestoreStream {
  readonly session: Session;
  private legacyErr?: SessionError;
  private unknownErr?: SessionError;
  private closerErr?: SessionError;
  private headerErr?: SessionError;
  private admitErr?: SessionError;
  private acceptedThrough = -1;
  private readonly closerScan = new CloserScan();

  /**
   * Sees each stored record once, in order, as it is admitted (an event as upgraded from a legacy
   * shape), so a reader can fold figures without reading the log again.
   */
  observer?: { add(e: SessionEvent): void; addRow(row: PackedRow): void };

  /** `bytes`: where the log reads its stored lines from (default: in memory). */
  constructor(header: SessionHeader, bytes?: LogBytes) {
    this.session = new Session(header, new EventLog(bytes));
    try { validateSessionHeader(header); } catch (err) { if (err instanceof SessionError) this.headerErr = err; else throw err; }
  }

  private readonly messageIdAt = (seq: number): string | undefined => {
    const log = this.session.log;
    if (seq < 0 || seq >= log.length || log.isPacked(seq)) return undefined;
    const e = log.rawAt(seq);
    const m = messageOf(e.type, e.data);
    return isPlainRecord(m) && typeof m.id === 'string' ? m.id : undefined;
  };

  /** The record holding seq: each event or row pushed is one record of the log, in order. */
  recordOf(seq: number): number {
    return this.session.log.recordOf(seq);
  }

  noteBytes(offset: number, bytes: Uint8Array): void {
    this.session.log.noteBytes(offset, bytes);
  }

  /**
   * The next stored event, freshly parsed and owned. When `start` ≥ 0 the log keeps where its line
   * lies in the plaintext, [start, end), instead of the object.
   */
  pushEvent(e: SessionEvent, start = -1, end = -1): void {
    const { log, invariants } = this.session;
    const seq = log.length;
    let up = e;
    try {
      up = normalizeLegacyEvent(e, this.session.id, this.messageIdAt);
      // DSH adopts message events while normalizing, so a bad message shape is refused in this
      // pass (subject "session event at seq N"), before the type gate and the repair scan
      if (isSurfaceEligibleType(up.type)) validateMessageShape(up.type, up.data, `Session event at seq ${seq}`, seq);
    } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      this.legacyErr ??= err;
    }
    if (up === e && start >= 0) {
      log.pushRef(up, start, end);
      const facts = compactionFacts(up, (q) => log.typeAt(q));
      if (facts) log.keepFacts(seq, facts);
    } else log.push(up);
    this.session.uncommitted.add(up);
    // the gate reads the type as it is: a missing or non-string type is unknown too
    if (!this.unknownErr && !isKnownEventType(up.type) && (up as { ignorable?: unknown }).ignorable !== true) {
      this.unknownErr = new SessionError('unknown-type', `Event type ${typeof up.type === 'string' ? `"${up.type}"` : up.type === undefined ? '(missing)' : stringifyJson(up.type)} is unknown to this harness and not marked ignorable, so DSH refuses the log (likely written by a newer harness).`, { kind: 'unsupported', seq });
    }
    if (!this.closerErr) {
      try { this.closerScan.observe(up, seq); } catch (err) { if (err instanceof SessionError) this.closerErr = err; else throw err; }
    }
    invariants.observe(up, seq);
    this.observer?.add(up);
    this.admit(up, seq);
  }

  /** A validated packed row: its members need no admission checks (chunks carry no surface marks). */
  pushRow(row: PackedRow, start = -1, end = -1): void {
    const { log, invariants } = this.session;
    const seq0 = log.length;
    // before the log stores the row: storing drops the row's parsed arrays (it keeps its line), and
    // an observer reading the members' times after that would parse the line again
    this.observer?.addRow(row);
    this.session.uncommitted.addRow(row.length, row.turn, row.step);
    log.pushRow(row, start, end);
    invariants.observeRow(row, seq0);
    if (this.admitErr) return;
    if (row.seq0 !== seq0) {
      this.admitErr = new SessionError('seq', `Seed event at index ${seq0} has seq ${row.seq0} (expected ${seq0}); the seed must be contiguous from 0.`, { seq: seq0 });
      return;
    }
    this.acceptedThrough = seq0 + row.length - 1;
  }

  private admit(e: SessionEvent, seq: number): void {
    if (this.admitErr) return;
    try {
      this.session.admit(e, seq);
      this.acceptedThrough = seq;
    } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      this.admitErr = err;
    }
  }

  /**
   * The verdict so far, for a log still being written (follow): nothing is synthesized, so more
   * events may be pushed after. `closers` are those a cold load now would add; they are not in
   * the log.
   */
  peek(): RestoreOutcome {
    const session = this.session;
    const log = session.log;
    const error = this.legacyErr ?? this.unknownErr ?? this.closerErr ?? this.headerErr ?? this.admitErr;
    const early = this.legacyErr ?? this.unknownErr ?? this.closerErr;
    const closers = early || log.length === 0 ? [] : this.closerScan.closers(log.length - 1, log.rawAt(log.length - 1).time);
    session.firstLiveSeq = error ? 0 : log.length;
    return { session, closers, endSeedAppended: false, ...(error ? { failure: { error, acceptedThrough: this.acceptedThrough } } : {}) };
  }

  /**
   * Ends the stored log: closers, the end-seed marker, and the verdict. `refused` says the scan
   * already refused the file: DSH stops before repair, so no closers or marker are synthesized.
   */
  finish(opts: { now?: number; refused?: boolean } = {}): RestoreOutcome {
    const session = this.session;
    const log = session.log;
    const stored = log.length;
    if (opts.refused) {
      log.synthesizedFrom = stored;
      log.trim();
      const error = this.legacyErr ?? this.unknownErr ?? this.closerErr ?? this.headerErr ?? this.admitErr;
      return { session, closers: [], endSeedAppended: false, ...(error ? { failure: { error, acceptedThrough: this.acceptedThrough } } : {}) };
    }
    const early = this.legacyErr ?? this.unknownErr ?? this.closerErr;
    const closers = early || stored === 0 ? [] : this.closerScan.closers(stored - 1, log.rawAt(stored - 1).time);
    log.synthesizedFrom = stored;
    for (const c of closers) {
      const seq = log.length;
      log.push(c);
      session.uncommitted.add(c);
      session.invariants.observe(c, seq);
      this.admit(c, seq);
    }
    const error = early ?? this.headerErr ?? this.admitErr;
    if (error) { log.trim(); return { session, closers, endSeedAppended: false, failure: { error, acceptedThrough: this.acceptedThrough } }; }
    session.firstLiveSeq = log.length;
    const endSeedAppended = log.length === 0 || log.typeAt(log.length - 1) !== 'session/end-seed';
    if (endSeedAppended) {
      const marker: SessionEvent = { type: 'session/end-seed', seq: log.length, time: opts.now ?? Date.now(), data: {} };
      log.push(marker);
      session.uncommitted.add(marker);
      session.invariants.observe(marker, marker.seq);
      session.admit(marker, marker.seq);
    }
    log.trim();
    return { session, closers, endSeedAppended };
  }
}

/** DSH's cold-load path over an already filled log (fixture mode and tests). */
export function restoreSession(header: SessionHeader, log: EventLog, opts: { now?: number } = {}): RestoreOutcome {
  const stream = new RestoreStream(header);
  for (let s = 0; s < log.length; s++) {
    const slot = log.slotAt(s);
    if (slot instanceof PackedRow) { if (slot.seq0 === s) stream.pushRow(slot); continue; }
    stream.pushEvent(log.rawAt(s));
  }
  return stream.finish(opts);
}
