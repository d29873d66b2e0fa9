/**
 * Text shaping shared by the worker's rows and the views, and text of untrusted values. Pure.
 * Every field of a record may be missing, null, of another type, thousands of levels deep or
 * megabytes long: these take what they are given, never throw, and do work bounded by `max`
 * (a 10 MB string costs a slice, a 5,000-deep value a walk of `max` characters).
 */

/** Collapses whitespace and truncates to `max` characters (an ellipsis ends a cut); reads at most a bounded prefix of `s`. */
export function oneLine(s: string, max = 160): string {
  const cut = s.length > max * 8 + 64;
  const t = (cut ? s.slice(0, max * 8 + 64) : s).replace(/\s+/g, ' ').trim();
  return t.length > max || cut ? t.slice(0, max - 1) + '…' : t;
}

/** `512 B`, `1.5 KiB`, `3.2 MiB`, `1.50 GiB`. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return '? B';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

const DEPTH = 12;

/** A compact JSON-like preview of `v`, at most `max` characters (`…` marks a cut). */
export function previewJson(v: unknown, max = 160): string {
  const out: string[] = [];
  let left = max + 1;
  const put = (s: string) => { if (left <= 0) return; const t = s.length > left ? s.slice(0, left) : s; out.push(t); left -= t.length; };
  const walk = (x: unknown, depth: number): void => {
    if (left <= 0) return;
    if (x === null) return put('null');
    switch (typeof x) {
      case 'string': return put(JSON.stringify(x.length > left ? x.slice(0, left) : x));
      case 'number': return put(Number.isFinite(x) ? String(x) : 'null');
      case 'boolean': return put(x ? 'true' : 'false');
      case 'bigint': return put(x.toString());
      case 'object': break;
      default: return put(typeof x);
    }
    const arr = Array.isArray(x);
    if (depth >= DEPTH) return put(arr ? '[…]' : '{…}');
    put(arr ? '[' : '{');
    if (arr) {
      const a = x as readonly unknown[];
      for (let i = 0; i < a.length && left > 0; i++) { if (i) put(','); walk(a[i], depth + 1); }
      return put(']');
    }
    let first = true;
    for (const k in x) {
      if (left <= 0) break;
      if (!Object.prototype.hasOwnProperty.call(x, k)) continue;
      if (!first) put(',');
      first = false;
      put(JSON.stringify(k.length > left ? k.slice(0, left) : k));
      put(':');
      walk((x as Record<string, unknown>)[k], depth + 1);
    }
    put('}');
  };
  try { walk(v, 0); } catch { put('[unreadable]'); }
  const s = out.join('');
  return s.length > max ? s.slice(0, Math.max(0, max - 1)) + '…' : s;
}

/**
 * `v` as display text: a string as itself (cut at `max`), a number or boolean in JSON form,
 * null as "null", undefined (a missing field) as "", anything else as a JSON preview.
 */
export function asText(v: unknown, max = 100_000): string {
  if (typeof v === 'string') return v.length > max ? v.slice(0, Math.max(0, max - 1)) + '…' : v;
  if (v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v === null) return previewJson(v, max);
  return previewJson(v, Math.min(max, 200));
}

/** An event `type` as display text: the string itself, or a label for a missing or odd one. */
export function typeText(v: unknown): string {
  if (typeof v === 'string') return v.length > 200 ? v.slice(0, 199) + '…' : v;
  return v === undefined ? '(no type)' : `(type ${previewJson(v, 40)})`;
}

/** A finite number, or undefined. */
export function finiteOr(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
