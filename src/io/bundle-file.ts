/**
 * A bundle: one `.html` file holding the viewer, the log it carries, an optional tour and where to
 * open. It is the built template (`dist/bundle-template.html`, every byte ASCII) with inert elements
 * put in at its marker: `#seqscope-bundle`, this file's facts as JSON, then `script.seqscope-log`
 * elements, the log's bytes a piece each (./bundle-payload; an HTML parser reads many short
 * elements about twice as fast as one long one). The page is read as windows-1252, so the template
 * and the JSON stay ASCII (anything else is a `\u` escape). Pure; runs in the page and in Node.
 */
import { validateTour, type Tour } from '../core/tour';
import { isPlainRecord, isSafeNonNegInt } from '../core/errors';
import type { View } from '../core/view';
import { decodePayloadBytesInto, encodePayload } from './bundle-payload';
import { BUNDLE_MARKER, BUNDLE_REST_MARKER } from './bundle-template';

export { BUNDLE_MARKER, BUNDLE_REST_MARKER };

export const META_ID = 'seqscope-bundle';
export const LOG_CLASS = 'seqscope-log';
const META_OPEN = `<script type="application/json" id="${META_ID}">`;
const LOG_OPEN = `<script type="application/x-seqscope-log" class="${LOG_CLASS}">`;
/** Log bytes per element. */
export const PIECE_BYTES = 1 << 18;
/** Log bytes before the app's script: about what the worker decodes for the first events it shows. */
export const LEAD_BYTES = 1 << 20;

export const BUNDLE_VIEWS = ['log', 'surface', 'transcript', 'compare', 'diff'] as const satisfies readonly View[];
export type BundleView = (typeof BUNDLE_VIEWS)[number];

/** Where the bundle opens: cursor, view, selection and the A/B marks. */
export interface BundleOpen {
  readonly cursor?: number;
  readonly view?: BundleView;
  readonly sel?: number;
  readonly a?: number;
  readonly b?: number;
}

export interface BundleMeta {
  readonly version: 1;
  /** The carried log's file name: what the viewer shows and "Download log" saves. */
  readonly name: string;
  /** The carried bytes' size. */
  readonly size: number;
  /**
   * `zstd`: the carried bytes are the plain log `name` packed as zstd frames (./bundle-pack), so
   * unpacking gives back the file that was bundled; absent: they are that file as it was.
   */
  readonly packed?: 'zstd';
  readonly open?: BundleOpen;
  readonly tour?: Tour;
  /** Set when the log was redacted before it was bundled: how many cuts, by which rules. */
  readonly redacted?: { readonly findings: number; readonly rules: readonly string[] };
}

export class BundleError extends Error {
  constructor(readonly code: 'bundle-template' | 'bundle-not-a-bundle' | 'bundle-meta', message: string) { super(message); }
}

/** JSON that stays ASCII and cannot end or escape its element: `<`, `>`, `&`, U+2028/9 and every non-ASCII as `\u`. */
export function formatInertJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

const ascii = (s: string): Uint8Array => {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

function isAscii(s: string): boolean {
  // eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
  return !/[^\x00-\x7f]/.test(s);
}

/**
 * The bundle's bytes: `template` with the facts and the log's first LEAD_BYTES at its first marker
 * (before the app's script: the first script starts the load on them while the app's script is
 * still to be parsed), and the rest of the log at its second (all at the first when it has none).
 */
export function buildBundle(template: string, log: Uint8Array, meta: BundleMeta): Uint8Array {
  const at = template.indexOf(BUNDLE_MARKER);
  if (at < 0) throw new BundleError('bundle-template', `The bundle template has no ${BUNDLE_MARKER} marker; rebuild it with npm run build.`);
  if (!isAscii(template)) throw new BundleError('bundle-template', 'The bundle template holds non-ASCII text, which a windows-1252 page would misread; rebuild it with npm run build.');
  const restAt = template.indexOf(BUNDLE_REST_MARKER, at);
  const open = ascii(LOG_OPEN), close = ascii('</script>\n');
  // an empty log is one empty piece
  const pieces = (from: number, to: number) => {
    const out: Uint8Array[] = [];
    for (let p = from; p < to || (p === 0 && log.length === 0); p += PIECE_BYTES) out.push(open, encodePayload(log.subarray(p, Math.min(p + PIECE_BYTES, to))), close);
    return out;
  };
  const lead = restAt < 0 ? log.length : Math.min(log.length, LEAD_BYTES);
  const parts = [ascii(template.slice(0, at) + META_OPEN + formatInertJson(meta) + '</script>\n'), ...pieces(0, lead)];
  if (restAt < 0) parts.push(ascii(template.slice(at + BUNDLE_MARKER.length)));
  else parts.push(ascii(template.slice(at + BUNDLE_MARKER.length, restAt)), ...(lead < log.length ? pieces(lead, log.length) : []), ascii(template.slice(restAt + BUNDLE_REST_MARKER.length)));
  let n = 0;
  for (const x of parts) n += x.length;
  const out = new Uint8Array(n);
  n = 0;
  for (const x of parts) { out.set(x, n); n += x.length; }
  return out;
}

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  for (let i = hay.indexOf(first, from); i >= 0 && i + needle.length <= hay.length; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** The text of each element that `open` starts, in order: up to the next `<` (none of them holds one). */
function* elementTexts(html: Uint8Array, open: string): Generator<Uint8Array> {
  const tag = ascii(open);
  for (let at = indexOfBytes(html, tag); at >= 0; at = indexOfBytes(html, tag, at + 1)) {
    const start = at + tag.length;
    const end = html.indexOf(0x3c, start);
    if (end < 0) return;
    yield html.subarray(start, end);
  }
}

/** The facts and the log a bundle carries (`seqscope unbundle`). */
export function extractBundle(html: Uint8Array): { meta: BundleMeta; log: Uint8Array } {
  const metaText = elementTexts(html, META_OPEN).next().value;
  const pieces = [...elementTexts(html, LOG_OPEN)];
  if (!metaText || pieces.length === 0) throw new BundleError('bundle-not-a-bundle', 'This file is not a Seqscope bundle: it has no bundled log.');
  const meta = parseBundleMeta(new TextDecoder().decode(metaText));
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let n = 0;
  for (const p of pieces) n = decodePayloadBytesInto(p, out, n);
  if (n !== meta.size) throw new BundleError('bundle-meta', `The bundle's log is ${n} bytes where the bundle says ${meta.size}: the file was cut short or edited.`);
  return { meta, log: out.slice(0, n) };
}

const metaError = (what: string) => new BundleError('bundle-meta', `The bundle's facts are not valid: ${what}`);

/** Parses and checks the facts element's text (it is data from a file someone sent: every field is checked). */
export function parseBundleMeta(text: string): BundleMeta {
  let v: unknown;
  try { v = JSON.parse(text); } catch (err) { throw metaError(`they are not JSON (${(err as Error).message}).`); }
  if (!isPlainRecord(v)) throw metaError('they are not an object.');
  if (v.version !== 1) throw metaError(`version ${JSON.stringify(v.version)} is not 1 (a newer Seqscope made this bundle).`);
  if (typeof v.name !== 'string' || v.name.length === 0 || v.name.length > 255) throw metaError('"name" must be a file name of 1 to 255 characters.');
  if (!isSafeNonNegInt(v.size)) throw metaError('"size" must be a byte count.');
  const meta: { -readonly [K in keyof BundleMeta]: BundleMeta[K] } = { version: 1, name: v.name, size: v.size };
  if (v.packed !== undefined) {
    if (v.packed !== 'zstd') throw metaError('"packed" must be "zstd" when present.');
    meta.packed = 'zstd';
  }
  if (v.open !== undefined) meta.open = parseOpen(v.open);
  if (v.tour !== undefined) {
    const t = validateTour(v.tour);
    if (!t.ok) throw metaError(`its tour: ${t.message}`);
    meta.tour = t.tour;
  }
  if (v.redacted !== undefined) {
    const r = v.redacted;
    if (!isPlainRecord(r) || !isSafeNonNegInt(r.findings) || !Array.isArray(r.rules) || !r.rules.every((x) => typeof x === 'string')) throw metaError('"redacted" must hold a count of findings and a list of rule names.');
    meta.redacted = { findings: r.findings, rules: [...r.rules] };
  }
  return meta;
}

function parseOpen(o: unknown): BundleOpen {
  if (!isPlainRecord(o)) throw metaError('"open" must be an object.');
  const out: { -readonly [K in keyof BundleOpen]: BundleOpen[K] } = {};
  for (const k of ['cursor', 'sel', 'a', 'b'] as const) {
    if (o[k] === undefined) continue;
    if (!isSafeNonNegInt(o[k])) throw metaError(`"open.${k}" must be a seq.`);
    out[k] = o[k];
  }
  if (o.view !== undefined) {
    if (typeof o.view !== 'string' || !(BUNDLE_VIEWS as readonly string[]).includes(o.view)) throw metaError(`"open.view" must be one of ${BUNDLE_VIEWS.join(', ')}.`);
    out.view = o.view as BundleView;
  }
  return out;
}
