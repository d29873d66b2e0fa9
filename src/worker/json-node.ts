/** JSON values as the page receives them: one level at a time, or clipped in depth. */
import type { JsonNode } from '../protocol/worker-protocol';

const NODE_CAP = 500;

/** Nesting kept in values posted to the page: structured clone recurses, and a 100,000-deep value overflows its stack. */
export const POST_DEPTH = 64;

/**
 * `v` with containers nested deeper than `left` levels replaced by a note (the inspector still
 * walks the full value one level at a time). Copies only the paths it changes; own keys such as
 * `__proto__` stay own data keys.
 */
export function clipDepth<T>(v: T, left = POST_DEPTH): T {
  if (typeof v !== 'object' || v === null) return v;
  if (left <= 0) return `[${Array.isArray(v) ? 'array' : 'object'} nested deeper than ${POST_DEPTH} levels: see the inspector]` as T;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const c = clipDepth(v[i], left - 1);
      if (c !== v[i]) (out ??= v.slice())[i] = c;
    }
    return (out ?? v) as T;
  }
  let out: Record<string, unknown> | undefined;
  const src = v as Record<string, unknown>;
  for (const k of Object.keys(src)) {
    const c = clipDepth(src[k], left - 1);
    if (c !== src[k]) Object.defineProperty(out ??= { ...src }, k, { value: c, enumerable: true, writable: true, configurable: true });
  }
  return (out ?? v) as T;
}

function kindOf(v: unknown): JsonNode['kind'] {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'object': return 'object';
    case 'string': return 'string';
    case 'number': return 'number';
    case 'boolean': return 'boolean';
    default: return 'missing';
  }
}

function scalarPreview(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 2000 ? v.slice(0, 2000) + '…' : v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  return String(v);
}

/** A value and, when `withChildren`, its direct children: never more than one level deep. */
function describe(v: unknown, withChildren: boolean): JsonNode {
  const kind = kindOf(v);
  if (kind !== 'object' && kind !== 'array') return { kind, preview: scalarPreview(v) };
  const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v as object);
  const preview = kind === 'array' ? `Array(${keys.length})` : `{${keys.length} keys}`;
  if (!withChildren) return { kind, preview };
  const children = keys.slice(0, NODE_CAP).map((k) => {
    const c = (v as Record<string, unknown>)[k];
    const ck = kindOf(c);
    const size = ck === 'array' ? (c as unknown[]).length : ck === 'object' ? Object.keys(c as object).length : 0;
    return { key: k, kind: ck, preview: ck === 'object' || ck === 'array' ? describe(c, false).preview : scalarPreview(c), size };
  });
  return { kind, preview, children, truncated: keys.length > NODE_CAP ? keys.length - NODE_CAP : undefined };
}

/** One level of the value at `path` inside `root` ("missing" when the path leaves the value). */
export function nodeAt(root: unknown, path: readonly string[]): JsonNode {
  let v = root;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return { kind: 'missing', preview: '' };
    v = (v as Record<string, unknown>)[k];
  }
  return describe(v, true);
}
