import { SessionError, isPlainRecord } from './errors';
import type { SessionEvent } from './types';

/**
 * Legacy v0 shapes (persistence.md §4.6): hard rejections and in-memory upgrades, applied to
 * stored events before validation. Returns the upgraded event (a new object) or the same one.
 * `lookupMessageId` resolves the message id of an earlier event for tool-result replacements.
 */
export function normalizeLegacyEvent(e: SessionEvent, sessionId: string, lookupMessageId: (seq: number) => string | undefined): SessionEvent {
  return LEGACY_TYPES.has(e.type) ? upgrade(e, sessionId, lookupMessageId) : e;
}

/** Types that can carry a legacy shape; every other event passes through untouched (the hot path). */
const LEGACY_TYPES = new Set(['request/header-delta', 'mode/set', 'request/header', 'turn/start', 'turn/end', 'steering/message', 'user/message', 'assistant/message', 'tool/result']);

function upgrade(e: SessionEvent, sessionId: string, lookupMessageId: (seq: number) => string | undefined): SessionEvent {
  const t = e.type;
  const seq = e.seq;
  const reject = (what: string) => new SessionError('legacy-unsupported', `Session "${sessionId}" contains unsupported legacy ${what} at seq ${seq}.`, { seq });
  const malformed = () => new SessionError('legacy-malformed', `Session "${sessionId}" contains a malformed pre-react-loop ${t} at seq ${seq}.`, { seq });
  const legacyId = `legacy-message:${sessionId}:${seq}`;
  const d = e.data;
  const with_ = (type: string, data: unknown): SessionEvent => ({ ...e, type, data });

  switch (t) {
    case 'request/header-delta': throw reject('request/header-delta event');
    case 'mode/set': throw reject('mode/set event');
    case 'request/header':
      if (isPlainRecord(d) && d.reason === 'fallback') throw reject('request/header reason "fallback"');
      return e;
    case 'turn/start': {
      if (!isPlainRecord(d) || !('trigger' in d)) return e;
      const trig = d.trigger;
      if (!hasOnlyKeys(d, ['turn', 'trigger']) || !isTurnNumber(d.turn) || !isPlainRecord(trig) || typeof trig.kind !== 'string' || trig.kind === '') throw malformed();
      return with_(t, { turn: d.turn });
    }
    case 'turn/end': {
      // every turn/end, current or old, must have the {turn, reason} shape before any upgrade
      if (!isPlainRecord(d)) return e;
      const r = d.reason;
      if (!hasOnlyKeys(d, ['turn', 'reason']) || !isTurnNumber(d.turn) || !isPlainRecord(r) || typeof r.kind !== 'string') throw malformed();
      const reason = upgradeTurnEndReason(r);
      if (reason === null) throw malformed();
      return reason === r ? e : with_(t, { turn: d.turn, reason });
    }
    case 'steering/message': {
      // the two old shapes, exactly: {turn, message} or {turn, content, source}, turn a safe integer
      if (!isPlainRecord(d) || !Number.isSafeInteger(d.turn)) throw malformed();
      if (isPlainRecord(d.message) && hasOnlyKeys(d, ['turn', 'message'])) return upgrade(with_('user/message', d.message), sessionId, lookupMessageId);
      if (!hasOnlyKeys(d, ['turn', 'content', 'source'])) throw malformed();
      const { turn: _turn, ...rest } = d;
      return with_('user/message', { ...rest, id: legacyId, role: 'user' });
    }
    case 'user/message':
      if (isPlainRecord(d) && 'content' in d && 'source' in d && !('id' in d) && !('role' in d) && !('message' in d)) {
        return with_(t, { ...d, id: legacyId, role: 'user' });
      }
      return e;
    case 'assistant/message':
      if (isPlainRecord(d) && 'content' in d && 'provenance' in d && !('message' in d)) {
        const { content, provenance, ...rest } = d;
        const source = isPlainRecord(provenance) ? { ...provenance, kind: 'model' } : provenance;
        return with_(t, { ...rest, message: { id: legacyId, role: 'assistant', content, source } });
      }
      return e;
    case 'tool/result':
      if (isPlainRecord(d) && 'callId' in d && 'content' in d && 'isError' in d && !('message' in d)) {
        const { callId, content, isError, ...rest } = d;
        let id: string | undefined = legacyId;
        const op = e.surfaceOp;
        // a replacement inherits the replaced message's id; DSH leaves it unset when there is none
        if (isPlainRecord(op) && op.op === 'replace' && typeof op.start === 'number') id = lookupMessageId(op.start);
        return with_(t, {
          ...rest,
          message: { id, role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content, isError }], source: { kind: 'tool', callId } },
        });
      }
      return e;
    default:
      return e;
  }
}

const isTurnNumber = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1;

/** True when `r` has every key of `required` and no key outside `required` and `optional`. */
function hasOnlyKeys(r: Record<string, unknown>, required: readonly string[], optional: readonly string[] = []): boolean {
  for (const k of Object.keys(r)) if (!required.includes(k) && !optional.includes(k)) return false;
  return required.every((k) => Object.hasOwn(r, k));
}

const FAILURE_OPTIONAL = ['status', 'providerRetryAfterMs', 'requestId'];

/** An old `{message, code[, status, providerRetryAfterMs, requestId]}` failure, each field of its type. */
function isLegacyFailure(f: unknown): f is Record<string, unknown> {
  return isPlainRecord(f) && hasOnlyKeys(f, ['message', 'code'], FAILURE_OPTIONAL) && typeof f.message === 'string' && typeof f.code === 'string'
    && (f.status === undefined || typeof f.status === 'number') && (f.providerRetryAfterMs === undefined || typeof f.providerRetryAfterMs === 'number')
    && (f.requestId === undefined || typeof f.requestId === 'string');
}

const KIND_ONLY = new Set(['completed', 'blocked', 'max-tokens', 'interrupted']);

/** Upgraded reason, the same object when current, or null when malformed (persistence.md §4.6). */
function upgradeTurnEndReason(r: Record<string, unknown>): Record<string, unknown> | null {
  const kind = r.kind as string;
  if (KIND_ONLY.has(kind)) return hasOnlyKeys(r, ['kind']) ? r : null;
  if (kind === 'aborted') {
    if ('reason' in r) return r;
    return hasOnlyKeys(r, ['kind']) ? { kind: 'aborted', reason: { kind: 'legacy' } } : null;
  }
  if (kind === 'disposed') return hasOnlyKeys(r, ['kind']) ? { kind: 'aborted', reason: { kind: 'disposed' } } : null;
  if (kind === 'error') {
    if ('error' in r) return r;
    if (!Number.isSafeInteger(r.step) || (r.step as number) < 0) return null;
    if (hasOnlyKeys(r, ['kind', 'step', 'failure']) && isLegacyFailure(r.failure)) return { kind: 'error', error: r.failure };
    if (!hasOnlyKeys(r, ['kind', 'step', 'message'], ['code']) || typeof r.message !== 'string' || (r.code !== undefined && typeof r.code !== 'string')) return null;
    return { kind: 'error', error: { message: r.message, code: r.code ?? 'UNKNOWN' } };
  }
  return r; // unknown kinds pass through
}
