import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { stepRequests } from './steps';

describe('stepRequests', () => {
  it('finds every step/start and the seq just before its first chunk', async () => {
    const r = await loadBytes(new Uint8Array(readFileSync('public/demo/tool-round.jsonl')), { now: 0 });
    const log = r.session!.log;
    const { stepSeqs, requestSeqs } = stepRequests(log);
    const events = log.events();
    const starts = events.filter((e) => e.type === 'step/start').map((e) => e.seq);
    expect(Array.from(stepSeqs)).toEqual(starts);
    expect(starts.length).toBeGreaterThan(1);
    starts.forEach((s, i) => {
      const end = starts[i + 1] ?? events.length;
      const firstChunk = events.find((e) => e.seq > s && e.seq < end && e.type === 'assistant/chunk');
      expect(requestSeqs[i]).toBe(firstChunk ? firstChunk.seq - 1 : -1);
      if (firstChunk) expect(log.typeAt(requestSeqs[i] + 1)).toBe('assistant/chunk');
    });
  });
});
