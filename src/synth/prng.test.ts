import { describe, expect, it } from 'vitest';
import { Rng } from './prng';

describe('Rng', () => {
  it('int(n) is in [0, n) and range(lo, hi) in [lo, hi], both ends reached', () => {
    const r = Rng.fromSeed(9);
    const ints = new Set<number>(), ranges = new Set<number>();
    for (let i = 0; i < 2000; i++) { ints.add(r.int(5)); ranges.add(r.range(3, 6)); }
    expect([...ints].sort()).toEqual([0, 1, 2, 3, 4]);
    expect([...ranges].sort()).toEqual([3, 4, 5, 6]);
  });

  it('fromSeed decorrelates nearby seeds; fromState starts from the state as given', () => {
    const first = (r: Rng) => [r.next(), r.next(), r.next()];
    expect(first(Rng.fromSeed(1))).not.toEqual(first(Rng.fromSeed(2)));
    expect(first(Rng.fromSeed(1))).toEqual(first(Rng.fromSeed(1)));
    expect(first(Rng.fromState(1))).not.toEqual(first(Rng.fromSeed(1)));
  });

  it('a fork depends on the parent and the salt, not on later draws of the parent', () => {
    const a = Rng.fromState(7), b = Rng.fromState(7);
    const fa = a.fork(1);
    const fb = b.fork(1);
    a.next();
    expect([fa.next(), fa.next()]).toEqual([fb.next(), fb.next()]);
    expect(Rng.fromState(7).fork(2).next()).not.toEqual(Rng.fromState(7).fork(1).next());
  });
});
