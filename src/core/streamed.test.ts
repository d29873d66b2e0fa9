import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { loadFixture } from '../io/fixture';
import { FIXTURES_DIR } from '../testing/corpus';
import {
  assistantMessage, logBytes, logOnly, stepStart, textChunk, toolChunk, turnStart, userMessage,
} from '../testing/builders';
import { deriveStreamedStep, deriveUncommittedRuns, uncommittedRunAt } from './streamed';

const load = async (events: unknown[]) => {
  const r = await loadBytes(logBytes(events), { now: 0 });
  return r.session!.log;
};
const chunk = (seq: number, chunk: Record<string, unknown>, step = 1) => logOnly(seq, 'assistant/chunk', { turn: 1, step, chunk });
const opening = [turnStart(0, 1), userMessage(1, 'u1', 'hi'), stepStart(2, 1, 1)];

describe('steps that streamed but were never committed', () => {
  it('a crash mid-stream: the text, reasoning and tool call streamed so far', async () => {
    const log = await load([
      ...opening,
      chunk(3, { type: 'block-start', index: 0, blockType: 'reasoning' }),
      textChunk(4, 'think', { kind: 'reasoning-delta', index: 0 }), textChunk(5, 'ing', { kind: 'reasoning-delta', index: 0 }),
      textChunk(6, 'Hel', { index: 1 }), textChunk(7, 'lo', { index: 1 }),
      toolChunk(8, '{"cmd":', { id: 'c1', name: 'bash', index: 2 }), toolChunk(9, '"ls"}', { id: 'c1', index: 2 }),
    ]);
    const runs = deriveUncommittedRuns(log);
    expect(Array.from(runs)).toEqual([3, 9]);
    const s = deriveStreamedStep(log, 3, 9);
    expect(s).toMatchObject({ turn: 1, step: 1, firstSeq: 3, lastSeq: 9, runEndSeq: 9 });
    expect(s.blocks).toEqual([
      { kind: 'reasoning', index: 0, text: 'thinking', ended: false },
      { kind: 'text', index: 1, text: 'Hello', ended: false },
      { kind: 'tool-call', index: 2, id: 'c1', name: 'bash', arguments: '{"cmd":"ls"}', ended: false },
    ]);
    expect(s.finish).toBeUndefined();
    // as of a cursor inside the run: only what had streamed by then
    expect(deriveStreamedStep(log, 3, 9, 6).blocks).toEqual([{ kind: 'reasoning', index: 0, text: 'thinking', ended: false }, { kind: 'text', index: 1, text: 'Hel', ended: false }]);
    expect(uncommittedRunAt(runs, 7)).toEqual([3, 9]);
    expect(uncommittedRunAt(runs, 2)).toBeUndefined();
  });
  it('a run a message cites is committed; a message without sources commits the run of its step just before it', async () => {
    const cited = await load([...opening, textChunk(3, 'a'), textChunk(4, 'b'), assistantMessage(5, 'a1', 'ab', [], { src: [3, 4] })]);
    expect(Array.from(deriveUncommittedRuns(cited))).toEqual([]);
    const legacy = await load([...opening, textChunk(3, 'a'), textChunk(4, 'b'), assistantMessage(5, 'a1', 'ab')]);
    expect(Array.from(deriveUncommittedRuns(legacy))).toEqual([]);
  });
  it('a failed attempt before a retry stays, with its finish reason; the retried attempt is committed', async () => {
    const log = await load([
      ...opening,
      textChunk(3, 'par'), chunk(4, { type: 'finish', reason: { kind: 'error', failure: { message: 'overloaded', code: 'x' } } }),
      logOnly(5, 'llm/retry', { turn: 1, step: 1, attempt: 1 }),
      textChunk(6, 'full'), assistantMessage(7, 'a1', 'full', [], { src: [6] }),
    ]);
    expect(Array.from(deriveUncommittedRuns(log))).toEqual([3, 4]);
    expect(deriveStreamedStep(log, 3, 4)).toMatchObject({ blocks: [{ kind: 'text', text: 'par' }], finish: { kind: 'error', message: 'overloaded' } });
  });
  it('a finished block wins over its deltas', async () => {
    const log = await load([...opening, textChunk(3, 'x'), chunk(4, { type: 'block-end', index: 0, block: { type: 'text', text: 'xyz' } })]);
    expect(deriveStreamedStep(log, 3, 4).blocks).toEqual([{ kind: 'text', index: 0, text: 'xyz', ended: true }]);
  });
  it('a DSH fixture whose step streamed with no assistant/message shows what streamed', async () => {
    const r = await loadFixture(new Uint8Array(readFileSync(path.join(FIXTURES_DIR, 'dsh-test-logs', 'apps-web--minimal-preset--session.jsonl'))), { now: 0 });
    const log = r.session!.log;
    const runs = deriveUncommittedRuns(log);
    expect(runs.length).toBe(2);
    const s = deriveStreamedStep(log, runs[0], runs[1]);
    expect(s.blocks).toEqual([{ kind: 'text', index: 0, text: 'MINIMAL_PRESET_REQUEST_OK', ended: true }]);
    expect(s.finish).toEqual({ kind: 'stop' });
  });
});
