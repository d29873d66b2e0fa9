import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { nodeByteText } from '../cli/byte-text';
import { deriveFleet } from '../core/fleet-figures';
import { deriveSessionFigures } from '../core/session-figures';
import type { SessionEvent } from '../core/types';
import { assistantMessage, closedToolTurn, endSeed, headerRecord, logBytes, stepEnd, stepStart, turnEnd, turnStart, utf8 } from '../testing/builders';
import { CONFORMANCE_DIR } from '../testing/corpus';
import { loadBytes } from './load';
import { figureObserver, readFileStats } from './session-stats';

const withUsage = (e: SessionEvent, u: Record<string, number>): SessionEvent => ({ ...e, data: { ...e.data, usage: u } });
/** A turn of one step that spends `n` input tokens. */
const spend = (base: number, turn: number, n: number) => [turnStart(base, turn), stepStart(base + 1, turn, 1), withUsage(assistantMessage(base + 2, `a${turn}`, 'ok', [], { turn }), { inputTokens: n, outputTokens: 1 }), stepEnd(base + 3, turn, 1), turnEnd(base + 4, turn)];

async function entries(bytes: Uint8Array, name = 'f.jsonl') {
  const r = await readFileStats(bytes, name, { byteText: nodeByteText });
  if (r.kind !== 'sessions') throw new Error(`not sessions: ${r.message}`);
  return r.entries;
}

describe('figureObserver', () => {
  it('folds a packed row of chunks from the line the loader parsed: a row costs no second parse', async () => {
    // a step whose text came as two packed rows of deltas, their members' times going backwards once
    const row = (seq0: number, time0: number, dt: number[]) => ({ type: 'text-chunks', seq0, time0, data: { turn: 1, step: 1, index: 0, dt, texts: dt.map(() => 'x').concat('y') } });
    const bytes = logBytes([turnStart(0, 1), stepStart(1, 1, 1), row(2, 1002, [5, -900, 3]), row(6, 1200, [1, 1]), stepEnd(9, 1, 1), turnEnd(10, 1)]);
    const parses = async (observe: boolean) => {
      const spy = vi.spyOn(JSON, 'parse');
      try {
        const figures = figureObserver();
        await loadBytes(bytes, { now: 0, byteText: nodeByteText, ...(observe ? { observe: figures.observe } : {}) });
        return { calls: spy.mock.calls.length, figures: figures.fold()?.result() };
      } finally { spy.mockRestore(); }
    };
    const without = await parses(false), withFold = await parses(true);
    expect(withFold.calls).toBe(without.calls);
    expect(withFold.figures).toMatchObject({ events: 11, firstTime: 1000, lastTime: 1010, wallMs: 1202 - 107 });
  });
});

describe('readFileStats', () => {
  it('gives a log its kind, parent and own figures; a fork counts none of its seed', async () => {
    const parent = [...closedToolTurn(0, 1), ...spend(8, 2, 40)];
    const [root] = await entries(logBytes(parent, headerRecord('root', { cwd: '/w' })));
    expect(root).toMatchObject({ id: 'root', kind: 'root', parent: null, verdict: 'ok', partial: false, project: '/w' });
    expect([root.figures.turns, root.figures.steps, root.figures.toolCalls, root.figures.tokens.input]).toEqual([2, 2, 1, 40]);
    const fork = [...parent, endSeed(13), ...spend(14, 3, 5)];
    const [f] = await entries(logBytes(fork, headerRecord('f', { parentSession: 'root', seedLength: 13 })));
    expect(f).toMatchObject({ kind: 'fork', parent: 'root' });
    expect([f.figures.turns, f.figures.steps, f.figures.toolCalls, f.figures.tokens.input]).toEqual([1, 1, 0, 5]);
  });

  it('lists a refused log with its verdict and what could be read, partial, and leaves it out of the totals', async () => {
    // an unknown required event type: DSH refuses the log as unsupported
    const evs = [...spend(0, 1, 7), { type: 'future/thing', seq: 5, time: 1005, data: {} }, ...spend(6, 2, 9)];
    const [e] = await entries(logBytes(evs, headerRecord('bad')));
    expect(e).toMatchObject({ id: 'bad', verdict: 'unsupported', partial: true });
    expect(e.message).toMatch(/seq 5/);
    expect(e.figures.tokens.input).toBe(16);
    const ok = await entries(logBytes(spend(0, 1, 3), headerRecord('good')));
    expect(deriveFleet([e, ...ok]).totals.tokens.input).toBe(3);
  });

  it('does not make a session of a file that is not a log', async () => {
    for (const bytes of [utf8('<!doctype html><p>hi</p>\n'), new Uint8Array(0), utf8('{"not":"a header"}\n{"type":"turn/start"}\n')]) {
      const r = await readFileStats(bytes, 'x.jsonl');
      expect(r.kind).toBe('not-a-log');
    }
  });

  it('reads every session of an export ZIP: sub-agents nested two deep roll up into the root', async () => {
    const zip = zipSync({
      'session.jsonl': logBytes(spend(0, 1, 1), headerRecord('root')),
      'subagents/a/session.jsonl': logBytes(spend(0, 1, 10), headerRecord('a', { parentSession: 'root', origin: 'subagent', delegationDepth: 1 })),
      'subagents/a1/session.jsonl': logBytes(spend(0, 1, 100), headerRecord('a1', { parentSession: 'a', origin: 'subagent', delegationDepth: 2 })),
    });
    const es = await entries(zip, 'export.zip');
    expect(es.map((e) => [e.path, e.kind])).toEqual([['export.zip › session.jsonl', 'root'], ['export.zip › subagents/a/session.jsonl', 'subagent'], ['export.zip › subagents/a1/session.jsonl', 'subagent']]);
    expect(deriveFleet(es).rows[0].total.tokens.input).toBe(111);
  });
});

interface Case { name: string; file: string; expected: string }
const INDEX = path.join(CONFORMANCE_DIR, 'index.json');
const cases: Case[] = existsSync(INDEX) ? JSON.parse(readFileSync(INDEX, 'utf8')) : [];

describe('readFileStats on the conformance corpus', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  for (const c of cases) {
    it(`${c.name}: DSH's verdict, and the figures of the events the loader kept`, async () => {
      const exp = JSON.parse(readFileSync(path.join(CONFORMANCE_DIR, c.expected), 'utf8'));
      const bytes = new Uint8Array(readFileSync(path.join(CONFORMANCE_DIR, c.file)));
      const r = await readFileStats(bytes, c.file, { byteText: nodeByteText });
      const loaded = await loadBytes(bytes, { now: 0, byteText: nodeByteText });
      if (!loaded.header) { expect(r.kind, 'no header: not a session').toBe('not-a-log'); return; }
      expect(r.kind).toBe('sessions');
      if (r.kind !== 'sessions') return;
      const [e] = r.entries;
      expect(e.verdict === 'ok', `verdict (DSH: ${exp.message ?? 'ok'})`).toBe(exp.ok);
      expect(e.partial).toBe(!exp.ok);
      // the figures folded while loading equal those of the stored events read back from the log
      const log = loaded.session!.log;
      const stored: SessionEvent[] = [];
      for (let s = 0; s < loaded.storedEventCount && s < log.length; s++) stored.push(log.rawAt(s));
      const again = deriveSessionFigures(stored, loaded.header.seedLength ?? 0);
      expect(e.figures).toEqual(again);
    });
  }
});
