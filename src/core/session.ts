import { isKnownEventType, isSurfaceEligibleType } from './catalog';
import { EventLog } from './event-log';
import { SessionError, isPlainRecord } from './errors';
import { validateSessionHeader } from './header';
import { deepFreeze, snapshotJsonValue } from './json';
import { normalizeLegacyEvent } from './legacy';
import { MessageDeriver } from './messages';
import { interruptedTurnClosers } from './repair';
import { SurfaceFold } from './surface';
import type { Message, SessionEvent, SessionHeader, SurfaceOp } from './types';
import { messageOf, validateEnvelope, validateEventPayload } from './validate';

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
 * A session: header, complete log and surface fold. Built by `restore` (a stored log, validated in
 * place as DSH's `fromRestore` does) or `create` (caller values, snapshotted); grown by `append`,
 * which validates message shapes and request headers too (decisions §3.1).
 */
export class Session {
  readonly log: EventLog;
  readonly fold: SurfaceFold;
  firstLiveSeq = 0;
  private readonly deriver = new MessageDeriver();

  private constructor(readonly header: SessionHeader, log: EventLog) {
    this.log = log;
    this.fold = new SurfaceFold((s) => this.log.rawAt(s));
  }

  get id(): string {
    return this.header.id;
  }

  get length(): number {
    return this.log.length;
  }

  /**
   * DSH's cold-load path after the scan (persistence.md §4.6–4.9): legacy upgrades, the unknown
   * type gate, crash-repair closers, header admission, per-event validation and surface fold,
   * then the end-seed marker. Throws on the first refusal unless `collect` is set, in which case
   * the failure is returned beside the partially folded session.
   */
  static restore(header: SessionHeader, log: EventLog, opts: { now?: number } = {}): { session: Session; closers: SessionEvent[]; endSeedAppended: boolean; failure?: RestoreFailure } {
    const session = new Session(header, log);
    const stored = log.length;
    let closers: SessionEvent[] = [];
    let validated = -1;
    try {
      const id = header.id;
      const messageIdAt = (seq: number) => {
        if (seq < 0 || seq >= log.length || log.isPacked(seq)) return undefined;
        const e = log.rawAt(seq);
        const m = messageOf(e.type, e.data);
        return isPlainRecord(m) && typeof m.id === 'string' ? m.id : undefined;
      };
      // Legacy upgrades run over the whole log before the vocabulary gate: a legacy refusal
      // (corrupt) anywhere wins over an unknown type (unsupported), as in DSH's coordinator.
      let unknownAt = -1;
      for (let s = 0; s < stored; s++) {
        if (log.isPacked(s)) continue;
        const e = log.rawAt(s);
        if (!isPlainRecord(e)) continue;
        const up = normalizeLegacyEvent(e, id, messageIdAt);
        if (up !== e) log.replace(s, up);
        if (unknownAt < 0 && typeof up.type === 'string' && !isKnownEventType(up.type) && (up as { ignorable?: unknown }).ignorable !== true) unknownAt = s;
      }
      if (unknownAt >= 0) {
        const t = log.rawAt(unknownAt).type;
        throw new SessionError('unknown-type', `Event type "${t}" (seq ${unknownAt}) is unknown to this harness and not marked ignorable, so DSH refuses the log (likely written by a newer harness).`, { kind: 'unsupported', seq: unknownAt });
      }
      closers = interruptedTurnClosers(log);
      for (const c of closers) log.push(c);
      log.synthesizedFrom = stored;
      validateSessionHeader(header);
      for (let i = 0; i < log.length; i++) {
        if (log.isPacked(i)) { validated = i; continue; }
        session.admit(log.rawAt(i), i);
        validated = i;
      }
    } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      return { session, closers, endSeedAppended: false, failure: { error: err, acceptedThrough: validated } };
    }
    session.firstLiveSeq = log.length;
    const endSeedAppended = log.length === 0 || log.typeAt(log.length - 1) !== 'session/end-seed';
    if (endSeedAppended) {
      const time = opts.now ?? Date.now();
      session.log.push({ type: 'session/end-seed', seq: log.length, time, data: {} });
    }
    return { session, closers, endSeedAppended };
  }

  /** Snapshot-mode construction from caller values (DSH `Session.create` with a seed). */
  static create(header: SessionHeader, seed?: readonly unknown[], opts: { now?: number } = {}): Session {
    const session = new Session(header, new EventLog());
    if (seed) {
      seed.forEach((entry, i) => {
        const x = snapshotJsonValue<SessionEvent>(entry);
        if (x === undefined) throw new SessionError('seed-json', `Seed event at index ${i} is not losslessly JSON-serializable.`, { seq: i });
        session.admit(x, i);
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

  /** Seed admission of one stored event at index i (core.md §6.2 steps 2–8). */
  private admit(x: SessionEvent, i: number): void {
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
    if (this.log.length === i) this.log.push(x);
    this.fold.apply(plan);
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
}
