/** zstd inputs and a load's outcome, for tests that read the same bytes two ways and compare. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../io/load';
import { CONFORMANCE_DIR } from './corpus';


/** What a load decided and kept, for comparing two ways of reading the same bytes. */
export function loadOutcome(r: LoadResult) {
  return {
    verdict: r.verdict, frames: r.frames, stored: r.storedEventCount, length: r.session?.log.length, torn: r.torn,
    dropped: r.dropped.map((d) => [d.line, d.reason, d.text]), events: r.session ? r.session.log.events().map((e) => JSON.stringify(e)) : [],
  };
}

/** Every zstd log of DSH's corpus, and damaged copies of it: cut short, a byte flipped, junk appended. */
export function zstdCorpusCases(): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  for (const f of readdirSync(CONFORMANCE_DIR).filter((n) => n.endsWith('.zstd'))) {
    const b = new Uint8Array(readFileSync(path.join(CONFORMANCE_DIR, f)));
    out.push([f, b]);
    for (const cut of [5, 13, Math.floor(b.length / 2), b.length - 3, b.length - 1]) out.push([`${f} cut ${cut}`, b.subarray(0, cut)]);
    for (const at of [4, 40, Math.floor(b.length * 0.7)]) { const c = b.slice(); c[at] ^= 0x5a; out.push([`${f} flip ${at}`, c]); }
    out.push([`${f} + junk`, new Uint8Array([...b, 1, 2, 3, 4, 5])]);
  }
  return out;
}
