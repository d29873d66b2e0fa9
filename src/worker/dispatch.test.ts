import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { openBytes } from '../io/open';
import type { RpcRequest } from '../protocol/rpc';
import type { SessionApi } from '../protocol/session-api';
import { dispatch, transferables, unanswered } from './dispatch';
import { SessionQueries } from './queries';
import { SessionFile } from './session-file';
import { zstdFramesHere } from '../io/zstd-frames';

const demo = () => new Uint8Array(readFileSync('public/demo/demo.jsonl'));

describe('the session worker\'s one dispatch', () => {
  it('answers each operation from the implementation that has it, with the request\'s arguments', async () => {
    const bytes = demo();
    const opened = await openBytes(bytes, { fileName: 'demo.jsonl' });
    const q = new SessionQueries(opened.result), file = new SessionFile(opened, q, bytes.slice().buffer, () => zstdFramesHere);
    const impls = [q, file];
    const moment = await dispatch(impls, { op: 'moment', args: [40] }, unanswered(false));
    expect(moment).toEqual(q.moment(40));
    expect(await dispatch(impls, { op: 'searchFrom', args: ['turn/start', 0, Infinity, 3] }, unanswered(false))).toEqual(q.searchFrom('turn/start', 0, Infinity, 3));
    const other = await loadBytes(bytes, { now: 0 });
    const cmp = await dispatch(impls, { op: 'compareWith', args: [{ bytes: bytes.slice().buffer }, 0, 5] }, unanswered(false)) as Awaited<ReturnType<SessionApi['compareWith']>>;
    expect(cmp.other.length).toBe(other.session!.log.length);
    expect(cmp.self.rows.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4]);
    await expect(dispatch(impls, { op: 'runsPair', args: [0] }, unanswered(false))).rejects.toThrow('No run B is open.');
  });

  it('answers nothing inherited from Object, nor an operation no implementation has', async () => {
    const q = new SessionQueries(await loadBytes(demo(), { now: 0 }));
    for (const op of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'summary-of-nothing']) {
      await expect(dispatch([q], { op, args: [] } as unknown as RpcRequest<SessionApi>, unanswered(false)), op).rejects.toThrow('No session loaded.');
    }
  });

  it('transfers typed arrays and buffers directly in a reply, or in the objects of its array, each once', () => {
    const a = new Int32Array(2), b = new ArrayBuffer(4), c = new ArrayBuffer(8);
    expect(transferables(a)).toEqual([a.buffer]);
    expect(transferables({ hits: a, again: a.subarray(1), next: -1, nested: { x: new Int32Array(1) } })).toEqual([a.buffer]);
    expect(transferables({ name: 'x', bytes: b })).toEqual([b]);
    expect(transferables([{ id: '1', bytes: b }, { id: '2', bytes: c }, [c]])).toEqual([b, c]);
    expect(transferables([{ seq: 1, hits: a }])).toEqual([]);
    expect(transferables('text')).toEqual([]);
  });
});
