/** The Transcript's entries for steps that streamed but were never committed, as the worker answers them. */
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { TR_STREAMED } from '../protocol/worker-protocol';
import { assistantMessage, logBytes, stepStart, textChunk, turnStart, userMessage } from '../testing/builders';
import { SessionQueries } from './queries';

describe('streamed, never committed, in the Transcript', () => {
  it('stands at the last chunk streamed by the cursor, with what had streamed by then, and is not on the Surface', async () => {
    const r = await loadBytes(logBytes([
      turnStart(0, 1), userMessage(1, 'u1', 'hi'), stepStart(2, 1, 1), textChunk(3, 'a'), textChunk(4, 'b'), assistantMessage(5, 'a1', 'ab', [], { src: [3, 4] }),
      stepStart(6, 1, 2), textChunk(7, 'Hel'), textChunk(8, 'lo'), textChunk(9, '!'),
    ]), { now: 0 });
    const q = new SessionQueries(r);
    const streamedAt = (n: number) => {
      const m = q.moment(n);
      return Array.from(m.transcriptSeqs).filter((_, i) => m.transcriptFlags[i] & TR_STREAMED);
    };
    expect(streamedAt(6)).toEqual([]);
    expect(streamedAt(8)).toEqual([8]);
    const last = r.session!.log.length - 1;
    expect(streamedAt(last)).toEqual([9]);
    const m = q.moment(last);
    expect(Array.from(m.transcriptSeqs)).toEqual([1, 5, 9]);
    expect(m.surfaceSeqs.includes(9)).toBe(false);
    expect(q.card(8).streamed).toMatchObject({ firstSeq: 7, lastSeq: 8, runEndSeq: 9, blocks: [{ kind: 'text', text: 'Hello' }] });
    expect(q.card(7).streamed!.blocks).toEqual([{ kind: 'text', index: 0, text: 'Hel', ended: false }]);
    expect(q.card(9).streamed!.blocks).toEqual([{ kind: 'text', index: 0, text: 'Hello!', ended: false }]);
    expect(q.card(3).streamed, 'a committed stream has no streamed card').toBeUndefined();
  });
});
