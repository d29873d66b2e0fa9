/**
 * The writers other than Share's own that carry session content, with the same redaction
 * (docs/sharing.md): the tour with its session, and the trace with content. Each redacts the bytes
 * the session was loaded from (every rule and the user's own strings) before it writes anything,
 * so what leaves is made from the redacted log, never from the log as loaded.
 */
import { strToU8, zipSync } from 'fflate';
import type { Tour } from '../core/tour';
import { unpackLog } from '../io/bundle-pack';
import { applySpans, TextScanner } from '../io/redact/text-scan';
import { sniffFormat } from '../io/sniff';
import type { WriterRedaction } from '../protocol/share-protocol';
import { writeShare } from './share';

const ownStrings = (r: WriterRedaction) => r.extraStrings.filter((x) => x.length > 0);

/** The log's plain text, redacted as Share writes it with nothing kept: every rule and the user's strings. */
export async function redactedPlain(source: Uint8Array, r: WriterRedaction): Promise<{ bytes: Uint8Array; redacted: number }> {
  const w = await writeShare(source, { keep: [], extraStrings: r.extraStrings }, 'jsonl');
  return { bytes: new Uint8Array(w.bytes), redacted: w.redacted };
}

/** The tour's captions through the same rules: a caption may quote what it shows. */
async function redactTour(tour: Tour, r: WriterRedaction): Promise<{ tour: Tour; redacted: number }> {
  const spans = await new TextScanner({ extraStrings: ownStrings(r) }).scan(tour.steps.map((s) => s.caption));
  const redacted = spans.reduce((n, s) => n + s.length, 0);
  return { tour: { ...tour, steps: tour.steps.map((s, i) => (spans[i].length ? { ...s, caption: applySpans(s.caption, spans[i]) } : s)) }, redacted };
}

const fileBase = (id: string) => (id || 'session').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);

/**
 * `<id>.tour.zip`: the session as `session.jsonl` (DSH's export layout, so Seqscope opens the ZIP
 * as the session) and the tour as `tour.json`; with `redact`, both redacted.
 */
export async function tourWithSession(source: Uint8Array, tour: Tour, redact?: WriterRedaction): Promise<{ name: string; bytes: ArrayBuffer; redacted?: number }> {
  if (sniffFormat(source) === 'zip') throw new Error('this session came from an export ZIP: export the tour alone, or open the session.jsonl it holds.');
  let log: Uint8Array, t = tour, redacted: number | undefined;
  if (redact) {
    const red = await redactedPlain(source, redact);
    const tr = await redactTour(tour, redact);
    log = red.bytes; t = tr.tour; redacted = red.redacted + tr.redacted;
  } else {
    log = sniffFormat(source) === 'zstd' ? await unpackLog(source) : source;
  }
  const zip = zipSync({ 'session.jsonl': log, 'tour.json': strToU8(JSON.stringify(t, null, 2) + '\n') });
  return { name: `${fileBase(tour.session.id)}.tour.zip`, bytes: zip.buffer, ...(redacted !== undefined ? { redacted } : {}) };
}
