/**
 * Every case in the conformance corpus's index.json (testdata/conformance, see src/testing/corpus.ts) through our own loader, compared with DSH's
 * verdict by the rules of that folder's README. The corpus is read in place, never copied.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeByteText } from '../cli/byte-text';
import { webByteText } from './web-byte-text';
import { sha256Joined } from '../cli/digest';
import { loadBytes } from './load';
import { formatVerdictRecord } from './verdict-record';
import { CONFORMANCE_DIR } from '../testing/corpus';

const INDEX = path.join(CONFORMANCE_DIR, 'index.json');

const KIND: Record<string, string> = { Error: 'corrupt', TypeError: 'corrupt', SessionPersistenceCorruptionError: 'corrupt', SessionFormatUnsupportedError: 'unsupported' };
const EQUAL = ['header', 'storedEventCount', 'closers', 'inspectEventCount', 'firstLiveSeq', 'endSeedAppended', 'endSeedSeqs', 'eventCount',
  'types', 'surfaceSeqs', 'replaceGeneration', 'transcriptSeqs', 'replacementSeqs', 'messageCount', 'messageIds'] as const;

function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canon);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])]));
  return v;
}

interface Case { name: string; file: string; expected: string; desc: string }
const present = existsSync(INDEX);
const cases: Case[] = present ? JSON.parse(readFileSync(INDEX, 'utf8')) : [];

describe('conformance corpus', () => {
  it('is present with a non-empty index.json', () => {
    expect(present, `conformance corpus missing: expected ${INDEX} (the vendored testdata/conformance, or SEQSCOPE_CONFORMANCE)`).toBe(true);
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(`agrees with DSH on ${c.name}: ${c.desc}`, async () => {
      const exp = JSON.parse(readFileSync(path.join(CONFORMANCE_DIR, c.expected), 'utf8'));
      const bytes = new Uint8Array(readFileSync(path.join(CONFORMANCE_DIR, c.file)));
      const r = await loadBytes(bytes, { fileName: c.file, now: 0 });
      const got = formatVerdictRecord(r, sha256Joined);
      // the CLI's fast path (one-byte-per-byte decoding of ASCII lines) must give the same record
      const fast = await loadBytes(bytes, { fileName: c.file, now: 0, byteText: nodeByteText });
      expect(formatVerdictRecord(fast, sha256Joined), 'the latin1 fast path').toEqual(got);
      // the folder worker's (the web platform's primitives) likewise
      const web = await loadBytes(bytes, { fileName: c.file, now: 0, byteText: webByteText });
      expect(formatVerdictRecord(web, sha256Joined), 'the web fast path').toEqual(got);
      expect(got.ok, `ok differs (DSH: ${exp.message ?? 'ok'}; ours: ${got.message ?? 'ok'})`).toBe(exp.ok);
      if (!exp.ok) {
        expect(got.kind, 'refusal kind').toBe(KIND[exp.errorName]);
        const m = /at line (\d+)/.exec(exp.message);
        if (m) expect(got.line, `physical line for DSH "${exp.message}"`).toBe(Number(m[1]) + 1);
        return;
      }
      for (const k of EQUAL) if (k in exp) expect(canon(got[k]), k).toEqual(canon(exp[k]));
      if (exp.tornBytes !== undefined) expect(got.tornBytes, 'tornBytes').toBe(exp.tornBytes);
      if (exp.encoding !== undefined) expect(got.encoding).toBe(exp.encoding);
      const closers: { seq: number }[] = exp.closers ?? [];
      const closerOnSurface = closers.some((x) => (exp.surfaceSeqs ?? []).includes(x.seq));
      if (!closerOnSurface) expect(got.messagesDigest, 'messagesDigest').toBe(exp.messagesDigest);
      if (closers.length === 0) expect(got.seedDigest, 'seedDigest').toBe(exp.seedDigest);
    });
  }
});
