import { isSurfaceEligibleType } from './catalog';
import { EventLog } from './event-log';
import { SessionError, isPlainRecord } from './errors';
import { validateSessionHeader } from './header';
import { deepFreeze, snapshotJsonValue } from './json';
import { MessageDeriver } from './messages';
import { InvariantChecker } from './invariants';
import { LineageIndex } from './lineage';
import { ActivityIndex } from './activity';
import { LogIndex } from './log-index';
import { Timeline } from './timeline';
import { SurfaceFold } from './surface';
import { UncommittedRunsFold } from './streamed';
import type { Message, SessionEvent, SessionHeader, SurfaceOp } from './types';
import { validateEnvelope, validateEventPayload } from './validate';

export interface SurfaceIntent {
  surfaceOp: SurfaceOp;
  sourceEventSeqs?: number[];
}

/** Where restore stopped and why, for a refused log (the viewer still shows what was accepted). */
export interface RestoreFailure {
  readonly error: SessionError;
  /** Events [0, acceptedThrough] passed validation and are folded. */
  readonly acceptedThrough: number;
}

/**
 * A session: header, complete log and surface fold, plus the index and diagnostics collected as
 * events were admitted. Built by a `RestoreStream` (a stored log, validated in place as DSH's
 * `fromRestore` does) or `create` (caller values, snapshotted); grown by `append`, which validates
 * message shapes and request headers too (decisions §3.1).
 */
export class Session {
  readonly log: EventLog;
  readonly fold: SurfaceFold;
  readonly index = new LogIndex();
  /** Usage, tool-call and context numbers for the overview (issue 11). */
  readonly activity = new ActivityIndex();
  readonly invariants = new InvariantChecker();
  /**
   * Uncommitted chunk runs, folded by a loader as it stores each record (src/core/restore-stream.ts);
   * it answers only while its length is the log's (events appended otherwise are not folded).
   */
  readonly uncommitted = new UncommittedRunsFold();
  firstLiveSeq = 0;
  private readonly deriver = new MessageDeriver();
  private cachedTimeline?: Timeline;
  private cachedTimelineLength = -1;

  /** Prefer `Session.create` or a `RestoreStream`. */
  constructor(readonly header: SessionHeader, log: EventLog = new EventLog()) {
    this.log = log;
    this.fold = new SurfaceFold((s) => this.log.rawAt(s));
  }

  get id(): string {
    return this.header.id;
  }

  get length(): number {
    return this.log.length;
  }

  /** Snapshot-mode construction from caller values (DSH `Session.create` with a seed); `log`: an empty log to fill (default: a new EventLog). */
  static create(header: SessionHeader, seed?: readonly unknown[], opts: { now?: number; log?: EventLog } = {}): Session {
    const session = new Session(header, opts.log ?? new EventLog());
    if (seed) {
      seed.forEach((entry, i) => {
        const x = snapshotJsonValue<SessionEvent>(entry);
        if (x === undefined) throw new SessionError('seed-json', `Seed event at index ${i} is not losslessly JSON-serializable.`, { seq: i });
        session.log.push(x);
        session.admit(x, i);
        session.invariants.observe(x, i);
      });
    }
    session.firstLiveSeq = session.log.length;
    const h = snapshotJsonValue<SessionHeader>(header);
    if (h === undefined) throw new SessionError('header-json', 'Session header is not losslessly JSON-serializable.');
    validateSessionHeader(h);
    (session as { header: SessionHeader }).header = deepFreeze(h);
    if (seed && (session.log.length === 0 || session.log.typeAt(session.log.length - 1) !== 'session/end-seed')) {
      session.append('session/end-seed', {}, undefined, opts.now);
    }
    return session;
  }

  /** Seed admission of one event at index i (core.md §6.2 steps 2–8); `x` is already in the log. */
  admit(x: SessionEvent, i: number): void {
    validateEnvelope(x, i);
    validateEventPayload(x, i);
    if (x.seq !== i) throw new SessionError('seq', `Seed event at index ${i} has seq ${x.seq} (expected ${i}); the seed must be contiguous from 0.`, { seq: i });
    let plan;
    try {
      plan = this.fold.plan(x, i);
    } catch (err) {
      const inner = err instanceof Error ? err.message : 'invalid surface metadata';
      throw new SessionError(err instanceof SessionError ? err.code : 'surface', `Invalid seed event at index ${i}: ${inner}`, { seq: i });
    }
    this.fold.apply(plan);
    this.index.observe(x, i);
    this.activity.observe(x, i);
  }

  /**
   * Appends one event, validated like a seed event (decisions §3.1); the log and surface are
   * unchanged on failure. Returns the frozen committed event.
   */
  append(type: string, data: unknown, intent?: SurfaceIntent, time = Date.now()): SessionEvent {
    const snap = snapshotJsonValue(data);
    if (snap === undefined) throw new SessionError('append-json', `Session event "${type}" carries non-JSON-serializable data.`);
    if (type === 'request/header-delta') throw new SessionError('legacy-unsupported', 'Unsupported legacy request/header-delta.');
    if (type === 'request/header' && isPlainRecord(snap) && snap.reason === 'fallback') {
      throw new SessionError('legacy-unsupported', 'Unsupported legacy request/header reason "fallback".');
    }
    const meta: Record<string, unknown> = {};
    if (intent?.sourceEventSeqs !== undefined) meta.sourceEventSeqs = intent.sourceEventSeqs;
    if (intent?.surfaceOp !== undefined) meta.surfaceOp = intent.surfaceOp;
    const metaSnap = snapshotJsonValue<Record<string, unknown>>(meta);
    if (metaSnap === undefined) throw new SessionError('append-json', `Session event "${type}" carries non-JSON-serializable surface metadata.`);
    const seq = this.log.length;
    const e = { type, seq, time, data: snap, ...metaSnap } as SessionEvent;
    if (isSurfaceEligibleType(type) || type === 'request/header') validateEventPayload(e, seq);
    const plan = this.fold.plan(e, seq);
    deepFreeze(e);
    this.log.push(e);
    this.fold.apply(plan);
    this.index.observe(e, seq);
    this.activity.observe(e, seq);
    this.invariants.observe(e, seq);
    return e;
  }

  /** The surface node seqs, copied. */
  surfaceSeqs(): number[] {
    return this.fold.nodes.slice();
  }

  /** Derived model messages (incremental; core.md §4.6). Messages are frozen and shared. */
  messages(): Message[] {
    return this.deriver.derive(this.fold.nodes, this.fold.gen, (s) => this.log.event(s));
  }

  /** Events [from, to), deep-frozen. */
  events(from = 0, to = this.log.length): SessionEvent[] {
    return this.log.events(from, to);
  }

  /** The log as of any seq (built once; rebuilt after later appends). */
  timeline(): Timeline {
    if (!this.cachedTimeline || this.cachedTimelineLength !== this.log.length) {
      this.cachedTimeline = new Timeline(this.log, this.fold, this.index);
      this.cachedTimelineLength = this.log.length;
    }
    return this.cachedTimeline;
  }

  lineage(): LineageIndex {
    return new LineageIndex(this.log, this.fold, this.index);
  }
}
