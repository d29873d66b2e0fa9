/**
 * The fuzz invariants for one input, checked in the current realm: loading never throws, always
 * yields a well-formed verdict, the same verdict twice, within a time bound, and leaves
 * Object.prototype and Array.prototype as they were.
 */
import { loadBytes, type LoadResult } from '../io/load';
import { formatVerdictRecord } from '../io/verdict-record';
import { sha256Joined } from '../cli/digest';

export type CaseStatus = 'ok' | 'refused' | 'crash' | 'hang';

export interface CaseResult {
  readonly status: CaseStatus;
  /** Slower of the two loads, in ms. */
  readonly ms: number;
  /** The verdict record (ok, kind, code, …) when a verdict was produced. */
  readonly verdict?: Record<string, unknown>;
  /** What broke, for crash and hang. */
  readonly problem?: string;
}

export interface CheckOptions {
  /** Per-load bound (default 10 s). */
  timeoutMs?: number;
  fileName?: string;
}


const protoKeys = (o: object) => Reflect.ownKeys(o).map(String).sort().join('\u0000');
const OBJECT_KEYS = protoKeys(Object.prototype);
const ARRAY_KEYS = protoKeys(Array.prototype);

/** Why the prototypes look tampered with, or undefined when they are clean. Restores them if not. */
export function prototypePollution(): string | undefined {
  const probe = {} as Record<string, unknown>;
  const problems: string[] = [];
  if (protoKeys(Object.prototype) !== OBJECT_KEYS) problems.push('Object.prototype gained or lost keys');
  if (protoKeys(Array.prototype) !== ARRAY_KEYS) problems.push('Array.prototype gained or lost keys');
  if (probe.polluted !== undefined || ([] as unknown as Record<string, unknown>).polluted !== undefined) problems.push('({}).polluted is set');
  if (Object.getPrototypeOf(probe) !== Object.prototype || Object.getPrototypeOf(Object.prototype) !== null) problems.push('prototype chain changed');
  if (problems.length) {
    // undo, so that one bad case does not poison the rest of the run
    const base = new Set(OBJECT_KEYS.split('\u0000'));
    for (const k of Reflect.ownKeys(Object.prototype)) if (!base.has(String(k))) try { delete (Object.prototype as Record<PropertyKey, unknown>)[k]; } catch { /* ignore */ }
    const abase = new Set(ARRAY_KEYS.split('\u0000'));
    for (const k of Reflect.ownKeys(Array.prototype)) if (!abase.has(String(k))) try { delete (Array.prototype as unknown as Record<PropertyKey, unknown>)[k]; } catch { /* ignore */ }
  }
  return problems.length ? problems.join('; ') : undefined;
}

/** A verdict is well-formed: ok true, or ok false with a kind, a code and a one-sentence message. */
export function verdictProblem(r: LoadResult): string | undefined {
  const v = r?.verdict as unknown as Record<string, unknown> | undefined;
  if (!v || typeof v.ok !== 'boolean') return 'no verdict';
  if (v.ok) return r.session ? undefined : 'ok verdict without a session';
  if (v.kind !== 'corrupt' && v.kind !== 'unsupported') return `bad refusal kind ${String(v.kind)}`;
  if (typeof v.code !== 'string' || !v.code) return 'refusal without a code';
  if (typeof v.message !== 'string' || !v.message) return 'refusal without a message';
  return undefined;
}

async function once(bytes: Uint8Array, o: CheckOptions): Promise<{ ms: number; record?: string; problem?: string; verdict?: Record<string, unknown> }> {
  const t0 = performance.now();
  try {
    const r = await loadBytes(bytes, { now: 0, fileName: o.fileName });
    const bad = verdictProblem(r);
    if (bad) return { ms: performance.now() - t0, problem: bad };
    const rec = formatVerdictRecord(r, sha256Joined);
    // touch what the viewer reads first, so that lazy paths run too
    if (r.session) { r.session.messages(); r.session.surfaceSeqs(); }
    void r.torn; void r.dropped.length; void r.diagnostics.length;
    return { ms: performance.now() - t0, record: JSON.stringify(rec), verdict: rec };
  } catch (err) {
    const e = err as Error;
    const where = typeof e?.stack === 'string' ? e.stack.split('\n').slice(0, 4).join(' | ') : String(err);
    return { ms: performance.now() - t0, problem: `uncaught ${e?.name ?? 'error'}: ${where}` };
  }
}

/** Loads `bytes` twice and checks every invariant. */
export async function checkBytes(bytes: Uint8Array, o: CheckOptions = {}): Promise<CaseResult> {
  const timeoutMs = o.timeoutMs ?? 10_000;
  const a = await once(bytes, o);
  const b = await once(bytes, o);
  const ms = Math.max(a.ms, b.ms);
  const polluted = prototypePollution();
  const problem = a.problem ?? b.problem ?? (polluted ? `prototype pollution: ${polluted}` : undefined)
    ?? (a.record !== b.record ? `verdict differs between loads: ${a.record?.slice(0, 300)} vs ${b.record?.slice(0, 300)}` : undefined);
  if (problem) return { status: 'crash', ms, problem, ...(a.verdict ? { verdict: a.verdict } : {}) };
  if (ms > timeoutMs) return { status: 'hang', ms, problem: `load took ${Math.round(ms)} ms (bound ${timeoutMs} ms)`, verdict: a.verdict };
  return { status: a.verdict!.ok ? 'ok' : 'refused', ms, verdict: a.verdict };
}
