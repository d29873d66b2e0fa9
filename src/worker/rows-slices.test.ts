import { describe, expect, it } from 'vitest';
import type { Row } from '../protocol/worker-protocol';
import { nextTask, rowsInSlices } from './rows-slices';

const row = (seq: number): Row => ({ seq, time: seq, type: 't', summary: `row ${seq}`, flags: 0 });

describe('rowsInSlices', () => {
  it('answers what one rowsOf call would, each slice reading the whole request as its span', async () => {
    const seqs = Array.from({ length: 40 }, (_, i) => 100 + i * 3);
    const calls: { seqs: readonly number[]; span: readonly number[] }[] = [];
    const rowsOf = (s: readonly number[], span: readonly number[]) => { calls.push({ seqs: s, span }); return s.filter((x) => x % 2 === 0).map(row); };
    const out = await rowsInSlices(rowsOf, seqs, 16);
    expect(out).toEqual(seqs.filter((x) => x % 2 === 0).map(row));
    expect(calls.map((c) => c.seqs.length)).toEqual([16, 16, 8]);
    for (const c of calls) expect(c.span).toEqual(seqs);
  });

  it('lets a message that arrives while the rows are built be handled before the rows are done', async () => {
    const order: string[] = [];
    const page = new MessageChannel();
    page.port1.onmessage = () => order.push('moment');
    let sent = false;
    const rowsOf = (s: readonly number[]) => {
      order.push(`rows ${s[0]}`);
      // the page asks for a moment while the first slice is being built
      if (!sent) { sent = true; page.port2.postMessage('moment'); }
      return s.map(row);
    };
    await rowsInSlices(rowsOf, Array.from({ length: 48 }, (_, i) => i), 16, nextTask);
    page.port1.close();
    expect(order).toEqual(['rows 0', 'moment', 'rows 16', 'rows 32']);
  });

  it('asks nothing of an empty request', async () => {
    let calls = 0;
    expect(await rowsInSlices(() => { calls++; return []; }, [])).toEqual([]);
    expect(calls).toBe(0);
  });
});
