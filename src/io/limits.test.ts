import { describe, expect, it } from 'vitest';
import { closedToolTurn, headerRecord, jsonl, utf8 } from '../testing/builders';
import { formatBytes } from '../core/text';
import { MAX_LOG_PLAINTEXT, formatLimit } from './limits';
import { loadBytes } from './load';

describe('the plaintext limit', () => {
  it('is 4 GiB, said in words', () => {
    expect(MAX_LOG_PLAINTEXT).toBe(4294967296);
    expect([formatLimit(MAX_LOG_PLAINTEXT), formatLimit(384 << 20), formatLimit(1000)]).toEqual(['4 GiB', '384 MiB', '1000 bytes']);
  });

  it('refuses a plain log past it before reading a line, whole or read lazily, and reads one at it', async () => {
    const bytes = utf8(jsonl([headerRecord('big'), ...closedToolTurn()]));
    const reader = () => (s: number, e: number) => bytes.slice(s, e);
    for (const input of [bytes, new Blob([bytes])]) {
      const r = await loadBytes(input, { now: 0, maxPlaintext: bytes.length - 1, syncReader: reader });
      expect(r.verdict).toEqual({ ok: false, kind: 'corrupt', code: 'too-large', line: 1,
        message: `Line 1: The file is ${formatBytes(bytes.length)} (${bytes.length} bytes), more than the ${bytes.length - 1} bytes of plaintext this viewer will read.` });
      expect(r.storedEventCount).toBe(0);
      expect((await loadBytes(input, { now: 0, maxPlaintext: bytes.length, syncReader: reader })).verdict.ok).toBe(true);
    }
  });
});
