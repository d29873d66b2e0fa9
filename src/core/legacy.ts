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
      const keys = Object.keys(d);
      const trig = d.trigger;
      if (keys.length !== 2 || !isTurnNumber(d.turn) || !isPlainRecord(trig) || typeof trig.kind !== 'string' || trig.kind === '') throw malformed();
      return with_(t, { turn: d.turn });
    }
    case 'turn/end': {
      if (!isPlainRecord(d) || !('reason' in d)) return e;
      const r = d.reason;
      if (Object.keys(d).length !== 2 || !('turn' in d) || !isTurnNumber(d.turn) || !isPlainRecord(r) || typeof r.kind !== 'string') throw malformed();
      const reason = upgradeTurnEndReason(r);
      if (reason === null) throw malformed();
      return reason === r ? e : with_(t, { turn: d.turn, reason });
    }
    case 'steering/message': {
      if (!isPlainRecord(d)) throw malformed();
      if (isPlainRecord(d.message)) return with_('user/message', d.message);
      if ('content' in d && 'source' in d) {
        const { turn: _turn, ...rest } = d;
        return with_('user/message', { ...rest, id: legacyId, role: 'user' });
      }
      throw malformed();
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
        let id = legacyId;
        const op = e.surfaceOp;
        if (isPlainRecord(op) && op.op === 'replace' && typeof op.start === 'number') id = lookupMessageId(op.start) ?? legacyId;
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

const isTurnNumber = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1;

const KIND_ONLY = new Set(['completed', 'blocked', 'max-tokens', 'interrupted']);

/** Upgraded reason, the same object when current, or null when malformed. */
function upgradeTurnEndReason(r: Record<string, unknown>): Record<string, unknown> | null {
  const kind = r.kind as string;
  if (KIND_ONLY.has(kind)) return Object.keys(r).length === 1 ? r : null;
  if (kind === 'aborted') return 'reason' in r ? r : { kind: 'aborted', reason: { kind: 'legacy' } };
  if (kind === 'disposed') return { kind: 'aborted', reason: { kind: 'disposed' } };
  if (kind === 'error') {
    if ('error' in r) return r;
    if ('failure' in r) return { kind: 'error', error: r.failure };
    if ('message' in r) return { kind: 'error', error: { message: r.message, code: r.code ?? 'UNKNOWN' } };
    return null;
  }
  return r; // unknown kinds pass through
}
