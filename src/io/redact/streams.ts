/**
 * Streamed text, reassembled: model text, reasoning and tool-call arguments reach the log as deltas
 * (packed `text-chunks` / `reasoning-chunks` / `tool-call-chunks` rows, verbatim `assistant/chunk`
 * deltas), so a credential can be split across several. Deltas of one block (same turn, step,
 * block index, kind and tool-call id) are joined, scanned as one text, and each span is cut from
 * every delta holding part of it: the first gets the marker, the others lose their part, so the
 * deltas still concatenate to the redacted assembled text.
 */
import { isRowTag } from '../../core/catalog';
import type { RuleMatch } from './rules';
import { replacementOf } from './text-scan';

/** One delta: the string at `parent[key]`, in the line record `rec`. */
export interface Piece<R> {
  readonly rec: R;
  readonly parent: Record<string, unknown> | unknown[];
  readonly key: string | number;
  /** The field path: `field`, or `field[index]` for a packed row's member (built only for a finding). */
  readonly field: string;
  readonly index: number;
  readonly seq?: number;
  readonly text: string;
}

export const piecePath = (p: { readonly field: string; readonly index: number }) => (p.index >= 0 ? `${p.field}[${p.index}]` : p.field);

export interface Stream<R> {
  readonly key: string;
  /** turn, step, index as a key, for block-end. */
  readonly block: string;
  readonly pieces: Piece<R>[];
}

export interface DeltaFacts {
  readonly kind: 'text' | 'reasoning' | 'tool';
  readonly block: string;
  readonly key: string;
}

const blockKey = (turn: unknown, step: unknown, index: unknown) => JSON.stringify([turn ?? null, step ?? null, index ?? null]);

/** The stream a packed row's members belong to, or undefined when `v` is not a row with a payload array. */
export function rowStream(v: Record<string, unknown>): (DeltaFacts & { members: unknown[]; field: 'texts' | 'args' }) | undefined {
  if (!isRowTag(v.type)) return undefined;
  const d = v.data as Record<string, unknown> | null;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return undefined;
  const field = v.type === 'tool-call-chunks' ? 'args' : 'texts';
  const members = d[field];
  if (!Array.isArray(members)) return undefined;
  const kind = v.type === 'text-chunks' ? 'text' : v.type === 'reasoning-chunks' ? 'reasoning' : 'tool';
  const block = blockKey(d.turn, d.step, d.index);
  return { kind, block, key: `${kind}|${block}|${kind === 'tool' ? JSON.stringify(d.id ?? null) : ''}`, members, field };
}

/** The stream of a verbatim delta chunk event, with the field holding its text. */
export function chunkStream(v: Record<string, unknown>): (DeltaFacts & { chunk: Record<string, unknown>; field: 'text' | 'argumentsDelta' }) | undefined {
  if (v.type !== 'assistant/chunk') return undefined;
  const d = v.data as Record<string, unknown> | null;
  if (typeof d !== 'object' || d === null) return undefined;
  const c = d.chunk as Record<string, unknown> | null;
  if (typeof c !== 'object' || c === null) return undefined;
  const kind = c.type === 'text-delta' ? 'text' : c.type === 'reasoning-delta' ? 'reasoning' : c.type === 'tool-call-delta' ? 'tool' : undefined;
  if (!kind) return undefined;
  const field = kind === 'tool' ? 'argumentsDelta' : 'text';
  if (typeof c[field] !== 'string') return undefined;
  const block = blockKey(d.turn, d.step, c.index);
  return { kind, block, key: `${kind}|${block}|${kind === 'tool' ? JSON.stringify(c.id ?? null) : ''}`, chunk: c, field };
}

/** The block a verbatim `block-end` chunk closes, if `v` is one. */
export function blockEnd(v: Record<string, unknown>): string | undefined {
  if (v.type !== 'assistant/chunk') return undefined;
  const d = v.data as Record<string, unknown> | null;
  const c = typeof d === 'object' && d !== null ? (d.chunk as Record<string, unknown> | null) : null;
  if (typeof c !== 'object' || c === null || c.type !== 'block-end') return undefined;
  return blockKey(d!.turn, d!.step, c.index);
}

/** Events after which no delta of the step's blocks follows. */
const ENDS_STREAMS = new Set(['step/start', 'step/end', 'turn/start', 'turn/end', 'assistant/message']);
export const endsAllStreams = (type: unknown) => typeof type === 'string' && ENDS_STREAMS.has(type);

/** Per delta (in order): the local spans to replace and with what (the marker, or nothing). */
export function pieceEdits<R>(pieces: readonly Piece<R>[], spans: readonly RuleMatch[]): { start: number; end: number; text: string }[][] {
  const edits: { start: number; end: number; text: string }[][] = pieces.map(() => []);
  let p = 0, base = 0;
  for (const m of spans) {
    // advance to the delta holding the span's start
    while (p < pieces.length && base + pieces[p].text.length <= m.start) { base += pieces[p].text.length; p++; }
    let first = true;
    for (let q = p, b = base; q < pieces.length && b < m.end; b += pieces[q].text.length, q++) {
      const len = pieces[q].text.length;
      const s = Math.max(m.start, b) - b, e = Math.min(m.end, b + len) - b;
      if (e <= s) continue;
      edits[q].push({ start: s, end: e, text: first ? replacementOf(m) : '' });
      first = false;
    }
  }
  return edits;
}

export function applyEdits(text: string, edits: readonly { start: number; end: number; text: string }[]): string {
  let out = '', from = 0;
  for (const x of edits) { out += text.slice(from, x.start) + x.text; from = x.end; }
  return out + text.slice(from);
}
