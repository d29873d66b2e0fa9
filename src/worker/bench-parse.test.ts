import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { conformanceFile } from '../testing/corpus';
import { parseOnly } from './bench-parse';

describe('the parse-only baseline', () => {
  it('parses every line of a plain or zstd log, from bytes or a Blob read a piece at a time', async () => {
    for (const name of ['b01-20k-events.jsonl', 'z01-zstd-multi-frame.jsonl.zstd', 'derived/packed-chunks-zstd.jsonl.zstd']) {
      const bytes = new Uint8Array(readFileSync(conformanceFile(name.startsWith('b01') ? `big/${name}` : name)));
      const r = await loadBytes(bytes, { now: 0 });
      // one parse per stored line: the last stored event's line, less the header
      const lastLine = r.lineOfSeq(r.storedEventCount - 1)!;
      expect((await parseOnly(bytes.slice().buffer)).events, name).toBe(lastLine - 1);
      expect((await parseOnly(new Blob([bytes]))).events, name).toBe(lastLine - 1);
    }
  });
});
