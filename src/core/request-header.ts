import { isPlainRecord } from './errors';
import { stringifyJson } from './json';
import type { SessionEvent } from './types';

export interface CanonicalHeader {
  readonly config: Record<string, unknown>;
  readonly adapterDefaults?: Record<string, unknown>;
  readonly system?: string;
  readonly tools?: readonly unknown[];
}

/** core.md §8.2: `{config}` plus adapterDefaults/system/tools only when they say something. */
export function canonicalHeader(h: Record<string, unknown>): CanonicalHeader {
  const out: Record<string, unknown> = { config: h.config };
  const ad = h.adapterDefaults;
  if (isPlainRecord(ad) && (ad.reasoningEffort === true || ad.maxTokens === true)) out.adapterDefaults = ad;
  if (typeof h.system === 'string' && h.system.length > 0) out.system = h.system;
  if (Array.isArray(h.tools) && h.tools.length > 0) out.tools = h.tools;
  return out as unknown as CanonicalHeader;
}

function configEquals(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const k of ['provider', 'model', 'reasoningEffort', 'temperature', 'maxTokens']) if (a[k] !== b[k]) return false;
  const sa = a.stop, sb = b.stop;
  if (sa === undefined || sb === undefined) return sa === sb;
  return Array.isArray(sa) && Array.isArray(sb) && sa.length === sb.length && sa.every((x, i) => x === sb[i]);
}

export function headerEquals(a: CanonicalHeader, b: CanonicalHeader): boolean {
  if (!configEquals(a.config, b.config)) return false;
  if (a.adapterDefaults?.reasoningEffort !== b.adapterDefaults?.reasoningEffort) return false;
  if (a.adapterDefaults?.maxTokens !== b.adapterDefaults?.maxTokens) return false;
  if (a.system !== b.system) return false;
  const ta = a.tools ?? [], tb = b.tools ?? [];
  return ta.length === tb.length && ta.every((t, i) => stringifyJson(t) === stringifyJson(tb[i]));
}

/** The last request header in `events`, canonicalized; `from` when there is none. */
export function foldRequestHeader(events: Iterable<SessionEvent>, from?: CanonicalHeader): CanonicalHeader | undefined {
  let state = from;
  for (const e of events) if (e.type === 'request/header' && isPlainRecord(e.data?.header)) state = canonicalHeader(e.data.header);
  return state;
}

export interface HeaderChange {
  readonly key: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** Field-level differences between two headers, for the viewer's header diff. */
export function diffHeaders(prev: CanonicalHeader | undefined, next: CanonicalHeader): HeaderChange[] {
  const out: HeaderChange[] = [];
  const cfgKeys = new Set([...Object.keys(prev?.config ?? {}), ...Object.keys(next.config)]);
  for (const k of cfgKeys) {
    const a = prev?.config[k], b = next.config[k];
    if (stringifyJson(a) !== stringifyJson(b)) out.push({ key: `config.${k}`, before: a, after: b });
  }
  if (stringifyJson(prev?.adapterDefaults) !== stringifyJson(next.adapterDefaults)) out.push({ key: 'adapterDefaults', before: prev?.adapterDefaults, after: next.adapterDefaults });
  if (prev?.system !== next.system) out.push({ key: 'system', before: prev?.system, after: next.system });
  const names = (h?: CanonicalHeader) => (h?.tools ?? []).map((t) => (isPlainRecord(t) ? String(t.name) : '?'));
  const before = names(prev), after = names(next);
  for (const n of after) if (!before.includes(n)) out.push({ key: `tools.${n}`, before: undefined, after: 'added' });
  for (const n of before) if (!after.includes(n)) out.push({ key: `tools.${n}`, before: 'present', after: 'removed' });
  if (!out.some((c) => c.key.startsWith('tools.')) && stringifyJson(prev?.tools ?? []) !== stringifyJson(next.tools ?? [])) {
    out.push({ key: 'tools', before: 'schemas', after: 'changed' });
  }
  return out;
}
