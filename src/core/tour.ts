import type { View } from './view';
import { isPlainRecord, isSafeNonNegInt } from './errors';

/**
 * A tour (issue 12): a walk through one session, moment by moment, kept as `.tour.json`.
 * `schema/tour.schema.json` is the same contract as JSON Schema; `validateTour` enforces it.
 */
export const TOUR_VIEWS = ['log', 'surface', 'transcript', 'compare', 'diff'] as const satisfies readonly View[];
export type TourView = (typeof TOUR_VIEWS)[number];

export interface TourStep {
  readonly seq: number;
  readonly view: TourView;
  /** The selected event's seq. */
  readonly selection?: number;
  /** Diff marks. */
  readonly a?: number;
  readonly b?: number;
  readonly caption: string;
  /** How long the player stays on this step at 1× (default TOUR_DWELL_MS). */
  readonly dwellMs?: number;
}

export interface Tour {
  readonly version: 1;
  readonly session: { readonly id: string; readonly sha256?: string };
  /** A title for lists and the player; optional. */
  readonly title?: string;
  readonly steps: readonly TourStep[];
}

export const TOUR_DWELL_MS = 2500;
/** The player's playback rates. */
export const TOUR_SPEEDS = [0.5, 1, 2, 4, 8] as const;
/** Bounds that keep an imported tour from freezing the player or the page. */
export const TOUR_MAX_STEPS = 10_000;
export const TOUR_MAX_CAPTION = 4_000;
export const TOUR_MAX_DWELL_MS = 600_000;

export type TourValidation =
  | { readonly ok: true; readonly tour: Tour }
  | { readonly ok: false; readonly code: 'tour-invalid'; readonly message: string };

const fail = (message: string): TourValidation => ({ ok: false, code: 'tour-invalid', message });
const isSeq = isSafeNonNegInt;

function unknownKey(o: Record<string, unknown>, allowed: readonly string[], where: string): string | undefined {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) return `${where} has an unknown field "${k.slice(0, 60)}".`;
  return undefined;
}

function validateStep(s: unknown, i: number): TourStep | string {
  const where = `Step ${i + 1}`;
  if (!isPlainRecord(s)) return `${where} is not an object.`;
  const extra = unknownKey(s, ['seq', 'view', 'selection', 'a', 'b', 'caption', 'dwellMs'], where);
  if (extra) return extra;
  if (!isSeq(s.seq)) return `${where}: "seq" must be a non-negative integer.`;
  if (typeof s.view !== 'string' || !(TOUR_VIEWS as readonly string[]).includes(s.view)) return `${where}: "view" must be one of ${TOUR_VIEWS.join(', ')}.`;
  for (const k of ['selection', 'a', 'b'] as const) if (s[k] !== undefined && !isSeq(s[k])) return `${where}: "${k}" must be a non-negative integer when present.`;
  if (typeof s.caption !== 'string') return `${where}: "caption" must be a string.`;
  if (s.caption.length > TOUR_MAX_CAPTION) return `${where}: "caption" is longer than ${TOUR_MAX_CAPTION} characters.`;
  if (s.dwellMs !== undefined && (!isSeq(s.dwellMs) || s.dwellMs > TOUR_MAX_DWELL_MS)) return `${where}: "dwellMs" must be an integer from 0 to ${TOUR_MAX_DWELL_MS}.`;
  const out: { -readonly [K in keyof TourStep]: TourStep[K] } = { seq: s.seq, view: s.view as TourView, caption: s.caption };
  if (s.selection !== undefined) out.selection = s.selection as number;
  if (s.a !== undefined) out.a = s.a as number;
  if (s.b !== undefined) out.b = s.b as number;
  if (s.dwellMs !== undefined) out.dwellMs = s.dwellMs;
  return out;
}

/**
 * Checks an untrusted value against the tour contract and returns a fresh tour built only from the
 * fields it names (nothing of the input's prototype or extra keys survives), or one sentence
 * saying what is wrong.
 */
export function validateTour(v: unknown): TourValidation {
  if (!isPlainRecord(v)) return fail('A tour is a JSON object.');
  const extra = unknownKey(v, ['version', 'session', 'title', 'steps'], 'The tour');
  if (extra) return fail(extra);
  if (v.version !== 1) return fail('This tour\'s "version" is not 1, the only version Seqscope reads.');
  const s = v.session;
  if (!isPlainRecord(s) || typeof s.id !== 'string' || s.id.length === 0) return fail('The tour\'s "session" must be an object with a non-empty string "id".');
  const sExtra = unknownKey(s, ['id', 'sha256'], 'The tour\'s "session"');
  if (sExtra) return fail(sExtra);
  if (s.sha256 !== undefined && (typeof s.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(s.sha256))) return fail('The tour\'s "session.sha256" must be 64 lower-case hex digits when present.');
  if (v.title !== undefined && (typeof v.title !== 'string' || v.title.length > 200)) return fail('The tour\'s "title" must be a string of at most 200 characters when present.');
  if (!Array.isArray(v.steps)) return fail('The tour\'s "steps" must be an array.');
  if (v.steps.length > TOUR_MAX_STEPS) return fail(`The tour has ${v.steps.length} steps; at most ${TOUR_MAX_STEPS} are read.`);
  const steps: TourStep[] = [];
  for (let i = 0; i < v.steps.length; i++) {
    const r = validateStep(v.steps[i], i);
    if (typeof r === 'string') return fail(r);
    steps.push(r);
  }
  const session: { id: string; sha256?: string } = { id: s.id };
  if (typeof s.sha256 === 'string') session.sha256 = s.sha256;
  const tour: { -readonly [K in keyof Tour]: Tour[K] } = { version: 1, session, steps };
  if (typeof v.title === 'string') tour.title = v.title;
  return { ok: true, tour };
}

export interface TourSessionFacts {
  readonly id?: string;
  readonly sha256?: string;
  /** Events in the session (synthesized ones included); valid seqs are 0..length-1. */
  readonly length: number;
}

export interface TourProblem {
  /** 1-based step, or 0 for the tour as a whole. */
  readonly step: number;
  readonly code: 'session-id-mismatch' | 'session-sha256-mismatch' | 'seq-out-of-range' | 'caption-missing' | 'mark-out-of-range';
  readonly message: string;
}

/**
 * What stops a valid tour from playing on this session: a different session (by id or sha256),
 * a step seq or mark past the log's end, or a step without a caption.
 */
export function checkTourAgainst(tour: Tour, facts: TourSessionFacts): TourProblem[] {
  const out: TourProblem[] = [];
  if (facts.id !== undefined && tour.session.id !== facts.id) {
    out.push({ step: 0, code: 'session-id-mismatch', message: `The tour is for session ${tour.session.id}, but this session is ${facts.id}.` });
  }
  if (tour.session.sha256 && facts.sha256 && tour.session.sha256 !== facts.sha256) {
    out.push({ step: 0, code: 'session-sha256-mismatch', message: `The tour was made on a file with sha256 ${tour.session.sha256.slice(0, 12)}…, but this file's is ${facts.sha256.slice(0, 12)}….` });
  }
  const last = facts.length - 1;
  tour.steps.forEach((s, i) => {
    const n = i + 1;
    if (s.seq > last) out.push({ step: n, code: 'seq-out-of-range', message: `Step ${n} is at seq ${s.seq}, past the session's last seq ${last}.` });
    for (const k of ['selection', 'a', 'b'] as const) {
      const v = s[k];
      if (v !== undefined && v > last) out.push({ step: n, code: 'mark-out-of-range', message: `Step ${n}'s ${k} is seq ${v}, past the session's last seq ${last}.` });
    }
    if (s.caption.trim().length === 0) out.push({ step: n, code: 'caption-missing', message: `Step ${n} (seq ${s.seq}) has no caption.` });
  });
  return out;
}
