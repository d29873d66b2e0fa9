import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deepFreeze, isJsonValue, jsonEqual, snapshotJsonValue, stringifyJson } from './json';

function nested(depth: number, leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('snapshotJsonValue and isJsonValue', () => {
  it('copies the complete JSON scalar vocabulary and rejects unsupported scalars', () => {
    for (const s of [null, true, false, 'x', '', 1.25, 0]) expect(snapshotJsonValue(s)).toBe(s);
    for (const s of [-0, NaN, Infinity, -Infinity, 1n, () => 1, Symbol('s'), undefined]) {
      expect(snapshotJsonValue(s)).toBeUndefined();
      expect(isJsonValue(s)).toBe(false);
    }
    expect(isJsonValue(-0)).toBe(false);
  });

  it('rejects -0 nested anywhere in a container', () => {
    expect(isJsonValue({ a: [1, { b: -0 }] })).toBe(false);
    expect(snapshotJsonValue([0, -0])).toBeUndefined();
  });

  it('detaches the snapshot graph: shared aliases are duplicated and later source mutation is not seen', () => {
    const shared = { x: 1 };
    const src = { a: shared, b: shared, list: [1, 2] };
    const snap = snapshotJsonValue<typeof src>(src)!;
    expect(snap).toEqual(src);
    expect(snap.a).not.toBe(snap.b);
    shared.x = 2;
    src.list.push(3);
    expect(snap.a.x).toBe(1);
    expect(snap.list).toEqual([1, 2]);
  });

  it('turns a null-prototype record into an ordinary object', () => {
    const o = Object.create(null) as Record<string, unknown>;
    o.k = 'v';
    expect(isJsonValue(o)).toBe(true);
    const snap = snapshotJsonValue<object>(o)!;
    expect(Object.getPrototypeOf(snap)).toBe(Object.prototype);
  });

  it('accepts plain containers from another realm and snapshots them to this realm', () => {
    const foreign = runInNewContext('({ a: [1, 2, { b: "c" }] })');
    expect(isJsonValue(foreign)).toBe(true);
    const snap = snapshotJsonValue<{ a: unknown[] }>(foreign)!;
    expect(Object.getPrototypeOf(snap)).toBe(Object.prototype);
    expect(Array.isArray(snap.a) && Object.getPrototypeOf(snap.a)).toBe(Array.prototype);
  });

  it('rejects sparse arrays, including compensated ones, and decorated arrays', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(isJsonValue([1, , 3])).toBe(false);
    const a: unknown[] = new Array(3);
    a[0] = 1;
    expect(isJsonValue(a)).toBe(false);
    const comp = [1, 2] as unknown[] & { x?: number };
    delete comp[1]; // eslint-disable-line @typescript-eslint/no-array-delete -- a sparse array on purpose
    comp.x = 2; // same key count as a dense array, but sparse
    expect(isJsonValue(comp)).toBe(false);
    const dec = [1] as unknown[] & { extra?: number };
    dec.extra = 1;
    expect(isJsonValue(dec)).toBe(false);
    const sym = [1] as unknown[];
    (sym as unknown as Record<symbol, number>)[Symbol('s')] = 1;
    expect(isJsonValue(sym)).toBe(false);
  });

  it('rejects exotic containers, forged prototypes and invalid children', () => {
    class K { a = 1; }
    class Sub extends Array {}
    const foreignSub = runInNewContext('class S extends Array {}; new S()');
    const nonEnum = {};
    Object.defineProperty(nonEnum, 'k', { value: 1, enumerable: false });
    const symKey = { [Symbol('s')]: 1 };
    const forged = Object.create({ constructor: Object });
    const forgedArr = [] as unknown[];
    Object.setPrototypeOf(forgedArr, Object.create(Array.prototype));
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const cases: unknown[] = [new K(), new Map(), new Set(), new Date(0), new Sub(), foreignSub, nonEnum, symKey, forged, forgedArr, [undefined], { value: undefined }, { f: () => 1 }, [1n]];
    for (const c of cases) {
      expect(isJsonValue(c)).toBe(false);
      expect(snapshotJsonValue(c)).toBeUndefined();
    }
  });

  it('rejects cycles but accepts a shared sub-object seen twice', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = a;
    expect(isJsonValue(a)).toBe(false);
    const arr: unknown[] = [];
    arr.push([arr]);
    expect(snapshotJsonValue(arr)).toBeUndefined();
    const s = { k: 1 };
    expect(isJsonValue([s, s])).toBe(true);
  });

  it('reads each getter-backed slot exactly once and stores the first value', () => {
    let reads = 0;
    const o = { get v() { reads++; return reads; } };
    const snap = snapshotJsonValue<{ v: number }>(o)!;
    expect(reads).toBe(1);
    expect(snap.v).toBe(1);
    let areads = 0;
    const arr = [0];
    Object.defineProperty(arr, 0, { get() { areads++; return 'first'; }, enumerable: true });
    expect(snapshotJsonValue(arr)).toEqual(['first']);
    expect(areads).toBe(1);
  });

  it('propagates a throwing getter after reading it once', () => {
    let reads = 0;
    const o = { get v() { reads++; throw new Error('boom'); } };
    expect(() => snapshotJsonValue(o)).toThrow('boom');
    expect(reads).toBe(1);
  });

  it('keeps a literal __proto__ key as an own key without changing the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    expect(isJsonValue(parsed)).toBe(true);
    const snap = snapshotJsonValue<Record<string, unknown>>(parsed)!;
    expect(Object.getPrototypeOf(snap)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(snap, '__proto__')).toBe(true);
    expect((snap as { polluted?: unknown }).polluted).toBeUndefined();
    expect(stringifyJson(snap)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });
});

describe('deep structures', () => {
  const DEEP = 100_000;
  it('validates, snapshots, freezes, stringifies and compares 100,000-deep nesting without overflowing the stack', () => {
    const v = nested(DEEP);
    expect(isJsonValue(v)).toBe(true);
    const snap = snapshotJsonValue<unknown>(v);
    expect(snap).toBeDefined();
    deepFreeze(snap);
    let x: unknown = snap;
    for (let i = 0; i < DEEP; i += 997) {
      expect(Object.isFrozen(x)).toBe(true);
      for (let k = 0; k < 997 && Array.isArray(x); k++) x = (x as unknown[])[0];
    }
    const text = stringifyJson(snap);
    expect(text.length).toBe(2 * DEEP + 1);
    expect(text.startsWith('[[[')).toBe(true);
    expect(jsonEqual(snap, v)).toBe(true);
    expect(jsonEqual(snap, v, 10)).toBe('deep');
  });
});

describe('stringifyJson', () => {
  it('matches JSON.stringify for JSON-shaped values including -0 and undefined members', () => {
    const samples: unknown[] = [null, 1, 'a"b', [1, 'x', null, { a: [true, false] }], { b: 1, a: 2 }, { u: undefined, v: 1 }, [undefined, () => 1], -0, Infinity, { n: NaN }, '\u2028'];
    for (const s of samples) expect(stringifyJson(s)).toBe(JSON.stringify(s));
  });
});

describe('jsonEqual', () => {
  it('ignores key order and compares arrays element-wise', () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });
});

describe('deepFreeze', () => {
  it('freezes every level and tolerates cycles', () => {
    const o: Record<string, unknown> = { a: { b: [1, { c: 2 }] } };
    o.self = o;
    deepFreeze(o);
    expect(Object.isFrozen((o.a as { b: unknown[] }).b[1])).toBe(true);
  });
});
