import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../core/json';
import { closedToolTurn, logBytes } from '../testing/builders';
import { loadBytes, type LoadResult } from './load';
import { frameSpans } from './zstd-encode';
import { CONFORMANCE_DIR } from '../testing/corpus';


/** The stored part of a load: what following must reproduce, whatever the pieces. */
function stored(r: LoadResult) {
  const n = r.storedEventCount;
  return {
    stored: n, dropped: r.dropped.map((d) => [d.line, d.reason, d.text]),
    events: r.session ? Array.from({ length: Math.min(n, r.session.log.length) }, (_, s) => stringifyJson(r.session!.log.rawAt(s))) : [],
    diagnostics: r.diagnostics.filter((d) => d.seq < n),
  };
}

/** Loads the first `cuts[0]` bytes live, then appends the rest at each further cut. */
async function follow(bytes: Uint8Array, cuts: number[]): Promise<LoadResult> {
  let r = await loadBytes(bytes.subarray(0, cuts[0]), { live: true, now: 0 });
  for (let i = 0; i < cuts.length; i++) r = r.live!.append(bytes.subarray(cuts[i], cuts[i + 1] ?? bytes.length));
  return r;
}

describe('following a growing log', () => {
  const files = readdirSync(CONFORMANCE_DIR).filter((n) => n.endsWith('.jsonl') || n.endsWith('.zstd'));
  it('appending in pieces stores what one load of the whole file stores, over the conformance corpus', async () => {
    let compared = 0, comparedZstd = 0;
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(path.join(CONFORMANCE_DIR, f)));
      const full = await loadBytes(bytes, { now: 0 });
      // a file that cannot start a live load (no header yet) is not followed
      const lf = bytes.indexOf(10);
      const zstd = f.endsWith('.zstd');
      // a live load starts once the header is in: its line, or its frame plus a few bytes of the next
      const first = zstd ? Math.min(bytes.length, (frameSpans(bytes)[0]?.end ?? bytes.length) + 5) : lf + 1;
      if (!full.session || (!zstd && lf < 0)) continue;
      let live: LoadResult;
      const cuts = [first, ...[0.4, 0.6, 0.8].map((x) => Math.max(first, Math.floor(bytes.length * x) - 3))];
      try { live = await follow(bytes, cuts); } catch { continue; }
      if (!live.session) continue;
      expect(stored(live), f).toEqual(stored(full));
      if (full.verdict.ok && live.verdict.ok) expect(live.pendingClosers, f).toBe(full.closers.length);
      if (!full.verdict.ok && full.closers.length === 0 && !(live.live?.ended ?? true)) expect(live.verdict, f).toEqual(full.verdict);
      compared++;
      if (zstd) comparedZstd++;
    }
    expect(compared).toBeGreaterThan(files.length / 2);
    expect(comparedZstd).toBeGreaterThan(3);
  });

  it('holds an unfinished last line as torn, then reads it once its newline arrives, with nothing synthesized', async () => {
    const bytes = logBytes([...closedToolTurn(0, 1), ...closedToolTurn(8, 2)]);
    const full = await loadBytes(bytes, { now: 0 });
    const lines = [...bytes.keys()].filter((i) => bytes[i] === 10);
    const mid = lines[5] + 10;
    const r1 = await loadBytes(bytes.subarray(0, mid), { live: true });
    expect(r1.storedEventCount).toBe(5);
    expect(r1.torn).toMatchObject({ bytes: 9, line: 7 });
    expect(r1.session!.log.length).toBe(5);
    expect(r1.endSeedAppended).toBe(false);
    const r2 = r1.live!.append(bytes.subarray(mid));
    expect(r2.torn).toBeUndefined();
    expect(r2.storedEventCount).toBe(16);
    expect(stored(r2)).toEqual(stored(full));
    expect(r2.verdict).toEqual({ ok: true });
    // the same session grew: no reload
    expect(r2.session).toBe(r1.session);
  });
});
