/**
 * Lossless JSON (core.md §2): validation, detached snapshots, deep freeze, serialization and
 * equality. Every walk is iterative: nesting is bounded by memory, never by the call stack.
 */

const fnToString = Function.prototype.toString;

function isNativeCtor(fn: unknown, name: string): boolean {
  if (typeof fn !== 'function') return false;
  try {
    return (fn as { name?: unknown }).name === name && /^function \w+\(\) \{\s*\[native code\]\s*\}$/.test(fnToString.call(fn));
  } catch {
    return false; // a revoked proxy or hostile function: not intrinsic
  }
}

/** An intrinsic Object.prototype of some realm, tested structurally. */
function isIntrinsicObjectProto(p: unknown): boolean {
  try {
    if (p === Object.prototype) return true;
    if (typeof p !== 'object' || p === null) return false;
    if (Object.getPrototypeOf(p) !== null) return false;
    const d = Object.getOwnPropertyDescriptor(p, 'constructor');
    if (!d || !('value' in d) || !isNativeCtor(d.value, 'Object')) return false;
    return (d.value as { prototype: unknown }).prototype === p;
  } catch {
    return false;
  }
}

function isIntrinsicArrayProto(p: unknown): boolean {
  try {
    if (p === Array.prototype) return true;
    if (!Array.isArray(p)) return false;
    const d = Object.getOwnPropertyDescriptor(p, 'constructor');
    if (!d || !('value' in d) || !isNativeCtor(d.value, 'Array')) return false;
    if ((d.value as { prototype: unknown }).prototype !== p) return false;
    return isIntrinsicObjectProto(Object.getPrototypeOf(p));
  } catch {
    return false;
  }
}

const INVALID = Symbol('invalid');

/**
 * Validates `v` and, when `copy` is set, builds a detached copy in the same pass. Each slot is
 * read exactly once; cycles are detected along the current path only; getters that throw propagate.
 */
function walk(root: unknown, copy: boolean): unknown | typeof INVALID {
  const scalar = (x: unknown): unknown | typeof INVALID | undefined => {
    if (x === null || typeof x === 'boolean' || typeof x === 'string') return x;
    if (typeof x === 'number') return Number.isFinite(x) && !Object.is(x, -0) ? x : INVALID;
    if (typeof x === 'object') return undefined; // container: handled by the caller
    return INVALID;
  };
  const top = scalar(root);
  if (top !== undefined) return top;

  type Frame = { src: object; out: unknown[] | Record<string, unknown> | null; keys: (string | symbol)[]; i: number; isArr: boolean; parentKey: string | null };
  const path = new Set<object>();
  const stack: Frame[] = [];
  const open = (src: object): Frame | typeof INVALID => {
    if (path.has(src)) return INVALID;
    const isArr = Array.isArray(src);
    const proto = Object.getPrototypeOf(src);
    let keys: (string | symbol)[];
    if (isArr) {
      if (!isIntrinsicArrayProto(proto)) return INVALID;
      const arr = src as unknown[];
      keys = Reflect.ownKeys(arr);
      if (keys.length !== arr.length + 1) return INVALID;
      for (let i = 0; i < arr.length; i++) if (!Object.prototype.hasOwnProperty.call(arr, i)) return INVALID;
    } else {
      if (proto !== null && !isIntrinsicObjectProto(proto)) return INVALID;
      keys = Reflect.ownKeys(src);
      for (const k of keys) {
        if (typeof k !== 'string') return INVALID;
        const d = Object.getOwnPropertyDescriptor(src, k);
        if (!d || !d.enumerable) return INVALID;
      }
    }
    path.add(src);
    const out = copy ? (isArr ? [] : {}) : null;
    return { src, out, keys: isArr ? [] : keys, i: 0, isArr, parentKey: null };
  };
  const first = open(root as object);
  if (first === INVALID) return INVALID;
  stack.push(first);
  const result: unknown = first.out;
  while (stack.length) {
    const f = stack[stack.length - 1];
    const len = f.isArr ? (f.src as unknown[]).length : f.keys.length;
    if (f.i >= len) {
      stack.pop();
      path.delete(f.src);
      continue;
    }
    const key = f.isArr ? f.i : (f.keys[f.i] as string);
    f.i++;
    const val = (f.src as Record<string | number, unknown>)[key];
    const s = scalar(val);
    if (s === INVALID) return INVALID;
    let childOut: unknown = s;
    if (s === undefined) {
      const child = open(val as object);
      if (child === INVALID) return INVALID;
      stack.push(child);
      childOut = child.out;
    }
    if (copy) {
      if (f.isArr) (f.out as unknown[]).push(childOut);
      else Object.defineProperty(f.out, key, { value: childOut, writable: true, enumerable: true, configurable: true });
    }
  }
  return copy ? result : true;
}

/** True when `v` is lossless JSON (§2.1). */
export function isJsonValue(v: unknown): boolean {
  return walk(v, false) !== INVALID;
}

/** A detached lossless copy of `v`, or undefined when `v` is not lossless JSON. */
export function snapshotJsonValue<T = unknown>(v: unknown): T | undefined {
  const r = walk(v, true);
  return r === INVALID ? undefined : (r as T);
}

/** Iterative deep freeze over own enumerable keys; tolerates shared sub-objects and cycles. */
export function deepFreeze<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  const stack: object[] = [v];
  while (stack.length) {
    const o = stack.pop()!;
    if (Object.isFrozen(o)) continue;
    Object.freeze(o);
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) { const c = o[i]; if (typeof c === 'object' && c !== null && !Object.isFrozen(c)) stack.push(c); }
    } else {
      for (const k of Object.keys(o)) { const c = (o as Record<string, unknown>)[k]; if (typeof c === 'object' && c !== null && !Object.isFrozen(c)) stack.push(c); }
    }
  }
  return v;
}

/**
 * `JSON.stringify(v)` without recursion: identical output for JSON-shaped values (key order kept,
 * -0 written as 0, non-finite numbers as null, undefined members skipped in objects and null in arrays).
 */
export function stringifyJson(v: unknown): string {
  const parts: string[] = [];
  type Frame = { o: object; keys: string[] | null; i: number; wrote: boolean };
  const scalarText = (x: unknown): string | undefined => {
    if (x === null) return 'null';
    if (typeof x === 'string') return JSON.stringify(x);
    if (typeof x === 'number') return Number.isFinite(x) ? JSON.stringify(x) : 'null';
    if (typeof x === 'boolean') return x ? 'true' : 'false';
    return undefined;
  };
  const top = scalarText(v);
  if (top !== undefined) return top;
  if (typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  const stack: Frame[] = [];
  const push = (o: object) => {
    const arr = Array.isArray(o);
    parts.push(arr ? '[' : '{');
    stack.push({ o, keys: arr ? null : Object.keys(o), i: 0, wrote: false });
  };
  push(v as object);
  while (stack.length) {
    const f = stack[stack.length - 1];
    if (f.keys === null) {
      const a = f.o as unknown[];
      if (f.i >= a.length) { parts.push(']'); stack.pop(); continue; }
      const x = a[f.i];
      if (f.i > 0) parts.push(',');
      f.i++;
      const s = scalarText(x);
      if (s !== undefined) parts.push(s);
      else if (typeof x === 'object') push(x as object);
      else parts.push('null');
    } else {
      if (f.i >= f.keys.length) { parts.push('}'); stack.pop(); continue; }
      const k = f.keys[f.i++];
      const x = (f.o as Record<string, unknown>)[k];
      const s = scalarText(x);
      if (s === undefined && (typeof x !== 'object')) continue; // undefined, function, symbol: skipped
      if (f.wrote) parts.push(',');
      f.wrote = true;
      parts.push(JSON.stringify(k), ':');
      if (s !== undefined) parts.push(s);
      else push(x as object);
    }
  }
  return parts.join('');
}

/**
 * Deep equality under JSON semantics: same key sets (order-insensitive), element-wise arrays,
 * strict equality for scalars. Returns 'deep' when either side nests deeper than `maxDepth`.
 */
export function jsonEqual(a: unknown, b: unknown, maxDepth = Infinity): boolean | 'deep' {
  // three parallel stacks rather than a tuple per pair: no garbage per visited value
  const xs: unknown[] = [a], ys: unknown[] = [b], ds: number[] = [0];
  while (xs.length) {
    const x = xs.pop(), y = ys.pop(), d = ds.pop()!;
    if (d > maxDepth) return 'deep';
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    const ax = Array.isArray(x), ay = Array.isArray(y);
    if (ax !== ay) return false;
    if (ax) {
      const xa = x as unknown[], ya = y as unknown[];
      if (xa.length !== ya.length) return false;
      for (let i = 0; i < xa.length; i++) { xs.push(xa[i]); ys.push(ya[i]); ds.push(d + 1); }
    } else {
      const kx = Object.keys(x), ky = Object.keys(y);
      if (kx.length !== ky.length) return false;
      for (const k of kx) {
        if (!Object.prototype.hasOwnProperty.call(y, k)) return false;
        xs.push((x as Record<string, unknown>)[k]); ys.push((y as Record<string, unknown>)[k]); ds.push(d + 1);
      }
    }
  }
  return true;
}

/** Greatest container nesting depth of a JSON value (iterative); stops counting past `limit`. */
export function jsonDepth(v: unknown, limit = Infinity): number {
  let max = 0;
  // parallel stacks, and scalars are never pushed: no garbage per visited value
  const xs: unknown[] = [v], ds: number[] = [0];
  while (xs.length) {
    const x = xs.pop(), d = ds.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (d + 1 > max) { max = d + 1; if (max > limit) return max; }
    if (Array.isArray(x)) {
      for (const c of x) if (typeof c === 'object' && c !== null) { xs.push(c); ds.push(d + 1); }
    } else {
      for (const k of Object.keys(x)) { const c = (x as Record<string, unknown>)[k]; if (typeof c === 'object' && c !== null) { xs.push(c); ds.push(d + 1); } }
    }
  }
  return max;
}

/** True when a value holds -0 or a non-finite number anywhere (JSON cannot carry them). */
export function hasNonJsonNumber(v: unknown): boolean {
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'number') { if (!Number.isFinite(x) || Object.is(x, -0)) return true; continue; }
    if (typeof x !== 'object' || x === null) continue;
    if (Array.isArray(x)) for (const c of x) stack.push(c);
    else for (const k of Object.keys(x)) stack.push((x as Record<string, unknown>)[k]);
  }
  return false;
}
