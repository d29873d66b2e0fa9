import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { packChunkRuns } from '../core/chunk-rows';
import type { EventLog } from '../core/event-log';
import type { SessionEvent } from '../core/types';
import { FLAG_PACKED } from '../protocol/worker-protocol';
import { dispatch, unanswered } from './dispatch';
import { LogPreview } from './preview';
import { baseline } from './session-file';

const enc = new TextEncoder();
const header = '{"type":"session","version":0,"id":"p","createdAt":1000,"cwd":"/x","delegationDepth":0}\n';
const line = (seq: number) => `{"type":"feedback/record","seq":${seq},"time":${1000 + seq},"data":{"note":"n${seq} ${'x'.repeat(200)}"}}\n`;

describe('LogPreview', () => {
  it('answers rows, JSON and nodes from the log while the loader is still filling it', async () => {
    const text = header + Array.from({ length: 60_000 }, (_, i) => line(i)).join('');
    let live: EventLog | undefined;
    const seen: { length: number; row?: string; json?: string; missing: number }[] = [];
    await loadBytes(enc.encode(text), {
      now: 0,
      onLog: (log) => { live = log; },
      onProgress: () => {
        const p = new LogPreview(live!);
        const [row] = p.rowsOf([0]);
        seen.push({ length: p.length, row: row?.summary, json: p.length > 0 ? p.json(p.length - 1) : undefined, missing: p.rowsOf([p.length, -1, 0.5]).length });
      },
    });
    // the 12 MB file arrives in several 4 MB blocks: the preview saw a partial log, then more
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0].length).toBeGreaterThan(0);
    expect(seen[0].length).toBeLessThan(60_000);
    expect(seen.at(-1)!.length).toBe(60_000);
    expect(seen[0].row).toMatch(/n0 x+/);
    expect(JSON.parse(seen[0].json!).seq).toBe(seen[0].length - 1);
    expect(seen.every((s) => s.missing === 0)).toBe(true);
  });

  it('marks packed rows, reads one level of an event, and refuses questions that need the index', async () => {
    const chunk = (seq: number, text: string) => ({ type: 'assistant/chunk', seq, time: 1 + seq, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text } } });
    const rows = packChunkRuns([chunk(1, 'a'), chunk(2, 'b'), chunk(3, 'c')] as SessionEvent[]);
    const text = header + '{"type":"assistant/chunk","seq":0,"time":1,"data":{"chunk":{"type":"text-delta","text":"a"}}}\n' + rows.map((r) => JSON.stringify(r) + '\n').join('');
    let live: EventLog | undefined;
    await loadBytes(enc.encode(text), { now: 0, onLog: (log) => { live = log; } });
    const p = new LogPreview(live!);
    expect(p.startTime).toBe(1);
    expect(p.length).toBe(5); // four stored events and the end-seed marker the finished load appended
    expect(p.rowsOf([0])[0]).toMatchObject({ seq: 0, type: 'assistant/chunk', flags: 0 });
    expect(p.rowsOf([2])[0]).toMatchObject({ seq: 2, type: 'assistant/chunk', flags: FLAG_PACKED, summary: 'text-delta "b"' });
    expect(p.node(0, ['data', 'chunk'])).toMatchObject({ kind: 'object', preview: '{2 keys}' });
    // the worker's one dispatch answers the Log's questions from the preview and refuses the rest
    await expect(dispatch([baseline, p], { op: 'rowsOf', args: [[0]] }, unanswered(true))).resolves.toHaveLength(1);
    await expect(dispatch([baseline, p], { op: 'moment', args: [0] }, unanswered(true))).rejects.toThrow(/still loading: "moment"/);
    await expect(dispatch([baseline], { op: 'json', args: [0] }, unanswered(false))).rejects.toThrow('No session loaded.');
  });
});
