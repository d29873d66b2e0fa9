/** The fuzz case stream: case i of seed S is a pure function of (S, i). */
import { mutateLog, type Mutated } from './mutate';
import { caseSeed } from './case-seed';
import { Rng } from '../synth/prng';
import { payloadString, pollutionObject } from './hostile';
import { seedJsonl, type SeedOptions } from './seeds';

export async function makeCase(seed: number, i: number): Promise<Mutated & { caseSeed: number }> {
  const cs = caseSeed(seed, i);
  const rng = Rng.fromState(cs);
  const o: SeedOptions = {
    rng: rng.fork(1),
    turns: rng.range(1, 4),
    packRows: rng.chance(0.7),
    openLastTurn: rng.chance(0.25),
  };
  if (rng.chance(0.1)) o.str = (slot, v) => (slot === 'cwd' ? v : payloadString(v));
  if (rng.chance(0.1)) o.extraData = (type) => (type === 'turn/end' ? {} : pollutionObject(1));
  const valid = seedJsonl(o);
  const m = await mutateLog(rng.fork(2), valid);
  return { ...m, caseSeed: cs };
}
