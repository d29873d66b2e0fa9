import { ENVELOPE_KEYS, isSurfaceEligibleType } from './catalog';
import { SessionError, isPlainRecord, isSafeNonNegInt } from './errors';

/**
 * Per-event seed/restore checks that do not need the surface (core.md §6.2 steps 2–5, §8.1).
 * Messages are our sentences; DSH's fragments are kept where its tests match them.
 */
const badEnvelope = (i: number) => new SessionError('envelope', `Seed event at index ${i} has an invalid event envelope.`, { seq: i });

export function validateEnvelope(x: unknown, i: number): void {
  if (!isPlainRecord(x)) throw badEnvelope(i);
  if (x.type === 'request/header-delta') {
    throw new SessionError('legacy-unsupported', `Seed event at index ${i} uses unsupported legacy request/header-delta format.`, { seq: i });
  }
  for (const k of Object.keys(x)) if (!ENVELOPE_KEYS.has(k)) throw badEnvelope(i);
  if (typeof x.type !== 'string' || !isSafeNonNegInt(x.seq) || typeof x.time !== 'number' || !Number.isSafeInteger(x.time)
    || x.data === undefined || (x.ignorable !== undefined && x.ignorable !== true)) throw badEnvelope(i);
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** request/header payload shape (§8.1). */
export function validateRequestHeaderData(data: unknown, subject: string, seq: number): void {
  const fail = (what: string) => new SessionError('request-header', `${subject} ${what}.`, { seq });
  const h = isPlainRecord(data) ? data.header : undefined;
  const cfg = isPlainRecord(h) ? h.config : undefined;
  if (!isPlainRecord(h) || !isPlainRecord(cfg) || !nonEmpty(cfg.provider) || !nonEmpty(cfg.model)) throw fail('lacks provider/model');
  if (cfg.reasoningEffort !== undefined && !nonEmpty(cfg.reasoningEffort)) throw fail('has an invalid reasoningEffort');
  const ad = h.adapterDefaults;
  if (ad !== undefined) {
    if (!isPlainRecord(ad)) throw fail('has invalid adapterDefaults');
    for (const k of Object.keys(ad)) {
      if ((k !== 'reasoningEffort' && k !== 'maxTokens') || ad[k] !== true || cfg[k] === undefined) throw fail('has invalid adapterDefaults');
    }
  }
}

/** The message a message event carries: `data` for user/message, `data.message` otherwise. */
export function messageOf(type: string, data: unknown): unknown {
  if (type === 'user/message') return data;
  return isPlainRecord(data) ? data.message : undefined;
}

/** Message-shape check (§6.2 step 5) for the three message types. */
export function validateMessageShape(type: string, data: unknown, subject: string, seq: number): void {
  const fail = (what: string) => new SessionError('message-shape', `${subject} ${what}.`, { seq });
  const m = messageOf(type, data);
  if (!isPlainRecord(m) || !nonEmpty(m.id)) throw fail('lacks an identified message');
  const role = type === 'assistant/message' ? 'assistant' : 'user';
  if (m.role !== role) throw fail(`message must have role "${role}"`);
  const src = m.source;
  if (!isPlainRecord(src) || !nonEmpty(src.kind)) throw fail('message has invalid source');
  if (!Array.isArray(m.content)) throw fail('message has invalid content');
  if (type === 'assistant/message' && (src.kind !== 'model' || !nonEmpty(src.provider) || !nonEmpty(src.model))) throw fail('message must have model source');
  if (type === 'tool/result') {
    if (src.kind !== 'tool' || !nonEmpty(src.callId)) throw fail('message must have tool source');
    const b = m.content[0];
    if (m.content.length !== 1 || !isPlainRecord(b) || b.type !== 'tool-result' || !Array.isArray(b.content)) throw fail('message must contain one tool-result block');
    if (b.toolCallId !== src.callId) throw fail('message has mismatched tool call ids');
  }
}

/** Seed validation of one event's payload by type (§6.2 steps 3–5). */
export function validateEventPayload(x: { type: string; data: unknown }, i: number): void {
  if (x.type === 'request/header') {
    validateRequestHeaderData(x.data, `Seed request/header at index ${i}`, i);
    if (isPlainRecord(x.data) && x.data.reason === 'fallback') {
      throw new SessionError('legacy-unsupported', `Seed event at index ${i} uses unsupported legacy request/header reason "fallback".`, { seq: i });
    }
  } else if (isSurfaceEligibleType(x.type)) {
    validateMessageShape(x.type, x.data, `Seed ${x.type} at index ${i}`, i);
  }
}
