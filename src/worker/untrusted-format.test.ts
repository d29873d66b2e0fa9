/**
 * Issue 13 item 2: every row, card, inspector and header formatter takes any JSON value in any
 * field and returns text, bounded in length. Each is fed records whose fields are missing, null,
 * a number where a string is expected, an array, 5,000 levels deep, or a 10 MB string.
 */
import { describe, expect, it } from 'vitest';
import { eventFamily } from '../core/catalog';
import { asText, previewJson, typeText } from '../core/text';
import { absTime, messageKind, prettyArgs, relTime } from '../ui/format';
import { nodeAt, clipDepth } from './json-node';
import { buildRow, contentText, summarizeEvent, turnStep } from './rows';
import type { Card } from '../protocol/worker-protocol';

function deep(n: number, leaf: unknown = 'x'): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const HUGE = 'y'.repeat(10 * 1024 * 1024);
/** The odd values every field may hold. `undefined` stands for a missing field. */
const ODD: Record<string, unknown> = {
  missing: undefined, null: null, number: 42, 'non-finite-ish number': 1e308, string: 'text', boolean: true,
  array: ['user/message', 1, null], object: { toString: 'not callable', valueOf: 1 }, deep: deep(5000), huge: HUGE,
};
const FIELDS = ['type', 'seq', 'time', 'data', 'surfaceOp', 'sourceEventSeqs'] as const;
const TYPES = ['user/message', 'assistant/message', 'tool/result', 'tool/call', 'assistant/chunk', 'turn/start', 'turn/end', 'step/start', 'request/header', 'compaction/summary', 'compaction/prune', 'command/run', 'x/unknown'];

/** Data shapes of each event type whose fields are replaced by `v`. */
function dataWith(v: unknown): unknown[] {
  return [
    v,
    { content: v, source: v, message: v, turn: v, step: v, reason: v, name: v, arguments: v, callId: v, chunk: v, header: v, summary: v, compactionId: v, command: v },
    { message: { content: [v, { type: v, text: v, name: v, arguments: v, content: v, toolCallId: v }], role: v, id: v, source: v } },
    { content: [{ type: 'tool-result', content: [{ type: 'tool-result', content: v }] }, { type: 'text', text: v }] },
    { chunk: { type: 'text-delta', text: v }, header: { config: v, tools: v } },
    { chunk: { type: v, index: v, usage: v, reason: v }, header: { config: { provider: v, model: v }, tools: [v] } },
  ];
}

const isBoundedText = (s: unknown, max: number) => typeof s === 'string' && s.length <= max;

describe('row formatters take any record', () => {
  it('buildRow, summarizeEvent and turnStep return bounded text for every odd value in every field', () => {
    for (const [label, v] of Object.entries(ODD)) {
      for (const type of TYPES) {
        for (const data of dataWith(v)) {
          const base: Record<string, unknown> = { type, seq: 3, time: 1767225600000, data, surfaceOp: 'append' };
          for (const f of FIELDS) {
            const rec = { ...base };
            if (v === undefined) delete rec[f]; else rec[f] = v;
            for (const e of [rec, v, [rec]]) {
              const row = buildRow(e, 3, 0);
              expect(isBoundedText(row.type, 200), `${label} ${f} ${type}`).toBe(true);
              expect(isBoundedText(row.summary, 400), `${label} ${f} ${type}`).toBe(true);
              expect(typeof row.time).toBe('number');
              expect(row.turn === undefined || Number.isFinite(row.turn)).toBe(true);
              expect(isBoundedText(summarizeEvent(e), 400)).toBe(true);
              turnStep(e);
            }
          }
        }
      }
    }
  });

  it('a missing or odd type reads as text, and its family too', () => {
    expect(buildRow({ seq: 0, time: 1, data: {} }, 0, 0).type).toBe('(no type)');
    expect(buildRow({ type: 5 }, 0, 0).type).toBe('(type 5)');
    expect(buildRow({ type: ['a'] }, 0, 0).type).toBe('(type ["a"])');
    expect(buildRow({ type: null }, 0, 0).type).toBe('(type null)');
    expect(eventFamily(undefined)).toBe('(no type)');
    expect(eventFamily(5)).toBe('(no type)');
    expect(eventFamily('tool/call')).toBe('tool');
    expect(Number.isNaN(buildRow({ type: 'turn/start', time: 'noon' }, 0, 0).time)).toBe(true);
    expect(relTime(NaN)).toBe('');
  });

  it('contentText, previewJson, asText and typeText bound their output', () => {
    for (const v of Object.values(ODD)) {
      expect(isBoundedText(contentText(v), 160)).toBe(true);
      expect(isBoundedText(contentText([v, { type: 'text', text: v }, { type: 'tool-call', name: v, arguments: v }]), 160)).toBe(true);
      expect(isBoundedText(previewJson(v, 80), 80)).toBe(true);
      expect(isBoundedText(asText(v, 1000), 1000)).toBe(true);
      expect(isBoundedText(typeText(v), 200)).toBe(true);
    }
    expect(previewJson(deep(5000), 40)).toMatch(/^\[\{"a":\[\{"a":/);
    expect(previewJson(deep(5000), 1000)).toContain('…');
    expect(asText(HUGE, 100)).toHaveLength(100);
    expect(contentText(HUGE).length).toBe(160);
  });
});

describe('card, inspector and header formatters take any value', () => {
  const card = (message: unknown): Card => ({ seq: 1, type: 'user/message', message: message as Card['message'], replaced: [], text: '' });

  it('messageKind names a role as letters only, whatever the message holds', () => {
    for (const v of Object.values(ODD)) {
      const k1 = messageKind(card(v));
      const k2 = messageKind(card({ role: v, source: v }));
      for (const k of [k1, k2]) expect(k).toMatch(/^[a-z-]{1,40}$/i);
    }
    expect(messageKind(card({ role: 'assistant' }))).toBe('assistant');
    expect(messageKind(card({ role: 'user', source: { kind: 'tool' } }))).toBe('tool');
    expect(messageKind(card({ role: '<img src=x>' }))).toBe('imgsrcx');
  });

  it('nodeAt (the inspector) describes one level of any value; clipDepth cuts 5,000 levels to 64', () => {
    for (const v of Object.values(ODD)) {
      const n = nodeAt({ data: v }, ['data']);
      expect(typeof n.preview).toBe('string');
      expect(n.preview.length).toBeLessThanOrEqual(2100);
      for (const c of n.children ?? []) expect(typeof c.preview).toBe('string');
      expect(nodeAt(v, ['a', 'b', '0']).kind).toBeTypeOf('string');
    }
    let v: unknown = clipDepth(deep(5000));
    let depth = 0;
    while (typeof v === 'object' && v !== null) { v = Array.isArray(v) ? v[0] : (v as { a: unknown }).a; depth++; }
    expect(depth).toBeLessThanOrEqual(64);
    expect(String(v)).toContain('nested deeper than');
  });

  it('prettyArgs and absTime return text for any value', () => {
    for (const v of Object.values(ODD)) {
      expect(typeof prettyArgs(v)).toBe('string');
      expect(typeof absTime(v as number)).toBe('string');
    }
  });
});
