// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { makeCase } from './cases';
import { checkBytes, prototypePollution } from './check';
import {
  HOSTILE_INPUTS, PWNED_FLAG, POLLUTION_KEYS, badChecksumZstd, binaryGarbage, bomLog, crOnlyLog, deepNestingLog, hugeLineLog,
  invalidUtf8Log, millionTinyLines, pollutionLog, truncatedZstd, xssPayloadLog, zipClaimingHugeSize, zipWithTraversalNames,
} from './hostile';
import { mutateLog } from './mutate';
import { Rng } from '../synth/prng';
import { seedJsonl, seedZstd } from './seeds';

const BOUND_MS = 10_000;
/**
 * The hang bound for the inputs of tens of MB: a load that has not ended by then is a hang (work
 * that does not end, or grows past linear). How fast they load is the benches' figure, not this
 * test's: under a loaded two-core machine one such load took 15-30 s, well inside the bound.
 */
const HUGE_HANG_MS = 90_000;

async function expectVerdict(bytes: Uint8Array, bound = BOUND_MS) {
  const r = await checkBytes(bytes, { timeoutMs: bound });
  expect(r.problem, r.problem).toBeUndefined();
  expect(['ok', 'refused']).toContain(r.status);
  expect(r.ms).toBeLessThan(bound);
  return r;
}

describe('seed logs', () => {
  it('are valid, plain and zstd', async () => {
    for (let i = 0; i < 6; i++) {
      const o = { rng: Rng.fromState(i + 1), turns: 1 + (i % 3), packRows: i % 2 === 0, openLastTurn: i % 3 === 2 };
      expect((await loadBytes(seedJsonl(o))).verdict).toEqual({ ok: true });
      expect((await loadBytes(await seedZstd({ ...o, rng: Rng.fromState(i + 1) }))).verdict).toEqual({ ok: true });
    }
  });
});

describe('mutators', () => {
  it('are deterministic for a seed', async () => {
    const valid = seedJsonl({ rng: Rng.fromState(3) });
    for (let s = 1; s < 30; s++) {
      const a = await mutateLog(Rng.fromState(s), valid);
      const b = await mutateLog(Rng.fromState(s), valid);
      expect(a.ops).toEqual(b.ops);
      expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    }
  });
});

describe('seeded fuzz (CI size)', () => {
  it('60 cases: no crash, no hang, same verdict twice, prototypes clean', async () => {
    const sum = { ok: 0, refused: 0, crashes: [] as string[], hangs: [] as string[] };
    for (let i = 0; i < 60; i++) {
      const c = await makeCase(20260101, i);
      const r = await checkBytes(c.bytes, { timeoutMs: BOUND_MS });
      if (r.status === 'ok') sum.ok++;
      else if (r.status === 'refused') sum.refused++;
      else (r.status === 'hang' ? sum.hangs : sum.crashes).push(`case ${i} ${c.ops.join('+')}: ${r.problem}`);
    }
    expect(sum.crashes).toEqual([]);
    expect(sum.hangs).toEqual([]);
    expect(sum.ok + sum.refused).toBe(60);
    expect(sum.refused).toBeGreaterThan(0);
  });
});

describe('regressions found by the fuzzer', () => {
  it('a deeply nested seq in committed history is refused, not a RangeError', async () => {
    const valid = new TextDecoder().decode(seedJsonl({ rng: Rng.fromState(5), turns: 2 }));
    const lines = valid.split('\n');
    lines[3] = lines[3].replace(/"seq":\d+/, `"seq":${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    const r = await expectVerdict(new TextEncoder().encode(lines.join('\n')));
    expect(r.verdict).toMatchObject({ ok: false, code: 'committed-seq-gap' });
  });
});

describe('the invariant checker', () => {
  it('notices and undoes prototype pollution', () => {
    expect(prototypePollution()).toBeUndefined();
    (Object.prototype as Record<string, unknown>).polluted = 'yes';
    expect(prototypePollution()).toMatch(/polluted|Object.prototype/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypePollution()).toBeUndefined();
  });
});

describe('named hostile inputs end in a verdict within a bounded time', () => {
  it('100,000-deep nesting (arrays and objects) loads without RangeError', async () => {
    for (const kind of ['array', 'object'] as const) {
      const bytes = deepNestingLog(100_000, kind);
      const r = await loadBytes(bytes, { now: 0 });
      expect(r.verdict).toEqual({ ok: true });
      // the deep value is really there and the viewer paths walk it
      const s = r.session!;
      const last = s.log.length - 1;
      expect(() => s.events(0, last + 1)).not.toThrow();
      expect(() => s.messages()).not.toThrow();
      if (kind === 'array') await expectVerdict(bytes);
    }
  });

  it('a single 50 MB line', { timeout: 2 * HUGE_HANG_MS }, async () => {
    const r = await expectVerdict(hugeLineLog(), HUGE_HANG_MS);
    expect(r.verdict?.ok).toBe(true);
  });

  it('a million tiny lines (events, blank, junk)', { timeout: 4 * HUGE_HANG_MS }, async () => {
    // one load here (the full double-load check runs on the blank and junk variants)
    const t0 = performance.now();
    const ev = await loadBytes(millionTinyLines(1_000_000, 'events'), { now: 0 });
    expect(performance.now() - t0).toBeLessThan(HUGE_HANG_MS);
    expect(ev.verdict).toEqual({ ok: true });
    expect(ev.storedEventCount).toBe(1_000_000);
    await expectVerdict(millionTinyLines(1_000_000, 'blank'), HUGE_HANG_MS);
    await expectVerdict(millionTinyLines(1_000_000, 'junk'), HUGE_HANG_MS);
  });

  it('binary garbage, with and without magic bytes', async () => {
    for (const prefix of ['none', 'zstd', 'zip', 'header'] as const) {
      for (let seed = 1; seed <= 3; seed++) await expectVerdict(binaryGarbage(1 << 20, seed, prefix));
    }
  });

  it('invalid UTF-8, BOM, CR-only and CRLF endings', async () => {
    for (const b of [invalidUtf8Log(), bomLog('start'), bomLog('every-line'), crOnlyLog('cr'), crOnlyLog('crlf')]) await expectVerdict(b);
    expect((await expectVerdict(crOnlyLog('cr'))).verdict).toMatchObject({ ok: false, code: 'no-header' });
  });

  it('truncated zstd frames and failing checksums', async () => {
    for (const where of ['last-frame', 'middle-frame', 'header-frame'] as const) await expectVerdict(await truncatedZstd(where));
    for (const which of ['middle', 'last', 'all'] as const) {
      const r = await expectVerdict(await badChecksumZstd(which));
      expect(r.verdict).toMatchObject({ ok: false, kind: 'corrupt', code: 'zstd-framing' });
      expect(String(r.verdict!.message)).toMatch(/checksum/);
    }
  });

  it('payload strings in every field load as plain data', async () => {
    const r = await loadBytes(xssPayloadLog(), { now: 0 });
    expect(r.verdict).toEqual({ ok: true });
    expect(r.header!.id).toContain('<script>');
    expect(JSON.stringify(r.session!.messages())).toContain('onerror');
    expect((globalThis as Record<string, unknown>)[PWNED_FLAG]).toBeUndefined();
    await expectVerdict(xssPayloadLog());
  });

  it('pollution keys leave Object.prototype clean and stay ordinary own keys', async () => {
    const before = Reflect.ownKeys(Object.prototype).map(String).sort();
    const r = await loadBytes(pollutionLog('loadable'), { now: 0 });
    expect(r.verdict).toEqual({ ok: true });
    const s = r.session!;
    let seen = 0;
    for (let i = 0; i < s.log.length; i++) {
      const e = s.log.event(i);
      if (e.type === 'turn/end' || e.type === 'session/end-seed' || e.type === 'assistant/chunk') continue;
      const d = e.data as Record<string, unknown>;
      for (const k of POLLUTION_KEYS) {
        expect(Object.prototype.hasOwnProperty.call(d, k), `${e.type} seq ${i} own ${k}`).toBe(true);
        expect(Object.keys(d)).toContain(k);
      }
      expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
      expect((d as { polluted?: unknown }).polluted).toBeUndefined();
      seen++;
    }
    expect(seen).toBeGreaterThan(5);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Reflect.ownKeys(Object.prototype).map(String).sort()).toEqual(before);
    const everywhere = await expectVerdict(pollutionLog('everywhere'));
    expect(everywhere.status).toBe('refused');
    expect(prototypePollution()).toBeUndefined();
  });

  it('ZIP archives (huge claimed size, traversal names) are refused, not read', async () => {
    for (const b of [zipClaimingHugeSize(), zipWithTraversalNames()]) {
      const r = await expectVerdict(b);
      expect(r.status).toBe('refused');
    }
  });

  it('every exported hostile input is covered', () => {
    expect(Object.keys(HOSTILE_INPUTS).length).toBeGreaterThanOrEqual(20);
  });
});
