import { SpanStatusCode } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { spanIdOf, traceIdOf } from '../../core/trace/ids';
import { assignStartingCalls, placeSession, type SessionFacts } from '../../core/trace/placement';
import { deriveSessionFigures } from '../../core/session-figures';
import { headerRecord } from '../../testing/builders';
import { bytesOf, LogWriter, traceFamily } from '../../testing/trace-logs';
import { synthesizeFork } from '../../synth/fork';
import { synthesize } from '../../synth/synthesizer';
import { formatJsonl } from '../../synth/write';
import { loadBytes, type LoadResult } from '../load';
import { otlpJsonText } from './otlp-json';
import { otlpSpansOf, traceModelOf } from './session-trace';

const fam = traceFamily();
const load = async (b: Uint8Array) => { const r = await loadBytes(b, { now: 0 }); expect(r.verdict).toEqual({ ok: true }); return r; };
const ids = ['root', 'child', 'grandchild', 'fork'] as const;

/** The family exported as the CLI does it: parents first, each child placed under the call that started it. */
async function exportFamily(content = false): Promise<Record<(typeof ids)[number], ReadableSpan[]>> {
  const loaded = {} as Record<(typeof ids)[number], LoadResult>;
  for (const k of ids) loaded[k] = await load(fam[k]);
  const facts = new Map<string, SessionFacts>(ids.map((k) => [loaded[k].header!.id, loaded[k].header! as SessionFacts]));
  const calls = new Map<string, number>();
  const out = {} as Record<(typeof ids)[number], ReadableSpan[]>;
  for (const k of ids) {
    const r = loaded[k];
    const kids = [...facts.values()].filter((f) => f.parentSession === r.header!.id && f.origin === 'subagent');
    const m = traceModelOf(r, kids.map((f) => f.id))!;
    for (const [id, seq] of assignStartingCalls(m.tools, kids)) calls.set(id, seq);
    out[k] = otlpSpansOf(r, m, placeSession(r.header!, (id) => facts.get(id), calls.get(r.header!.id)), { content });
  }
  return out;
}

const named = (spans: ReadableSpan[], prefix: string) => spans.filter((s) => s.name.startsWith(prefix));
const one = (spans: ReadableSpan[], prefix: string) => { const xs = named(spans, prefix); expect(xs).toHaveLength(1); return xs[0]; };

describe('OTLP spans of a session family', () => {
  it('has one agent span per session, a span per turn, step and tool call, and none for a fork\'s seed', async () => {
    const s = await exportFamily();
    const counts = (xs: ReadableSpan[]) => ['invoke_agent', 'turn', 'chat', 'execute_tool'].map((p) => named(xs, p).length);
    expect(counts(s.root)).toEqual([1, 2, 3, 2]);
    expect(counts(s.child)).toEqual([1, 1, 1, 1]);
    expect(counts(s.grandchild)).toEqual([1, 1, 1, 0]);
    // the fork copied the root's first turn (3 steps' worth of events); only its own turn is exported
    expect(counts(s.fork)).toEqual([1, 1, 1, 0]);
    for (const sp of s.fork) expect(sp.startTime[0] * 1000).toBeGreaterThanOrEqual(30_000);
    // and its tokens are its own: the seed's were spent by the root
    expect(one(s.fork, 'chat').attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 4, 'seqscope.turn': 2 });
    expect(one(s.fork, 'invoke_agent').attributes['gen_ai.usage.input_tokens']).toBe(4);
  });

  it('puts sub-agents in the root\'s trace under the tool calls that started them, and the fork in a trace of its own linked to the root', async () => {
    const s = await exportFamily();
    const rootTrace = traceIdOf('root-1');
    for (const sp of [...s.root, ...s.child, ...s.grandchild]) expect(sp.spanContext().traceId).toBe(rootTrace);
    const rootAgent = one(s.root, 'invoke_agent');
    expect(rootAgent.parentSpanContext).toBeUndefined();
    // the child was created while the root's `subagent` call ran (no id in its result): matched by time
    const subCall = s.root.find((sp) => sp.attributes['gen_ai.tool.call.id'] === 'c-sub')!;
    expect(one(s.child, 'invoke_agent').parentSpanContext?.spanId).toBe(subCall.spanContext().spanId);
    expect(subCall.spanContext().spanId).toBe(spanIdOf('root-1', { kind: 'tool', seq: fam.seqs.subCall }));
    // the grandchild is named in its starting call's result
    const grandCall = s.child.find((sp) => sp.attributes['gen_ai.tool.call.id'] === 'c-grand')!;
    expect(one(s.grandchild, 'invoke_agent').parentSpanContext?.spanId).toBe(grandCall.spanContext().spanId);
    const forkAgent = one(s.fork, 'invoke_agent');
    expect(forkAgent.spanContext().traceId).toBe(traceIdOf('fork-1'));
    expect(forkAgent.parentSpanContext).toBeUndefined();
    expect(forkAgent.links).toHaveLength(1);
    expect(forkAgent.links[0].context).toMatchObject({ traceId: rootTrace, spanId: rootAgent.spanContext().spanId });
    expect(forkAgent.links[0].attributes?.['seqscope.fork.seq']).toBe(fam.seqs.forkAt);
    expect(forkAgent.startTime).toEqual([30, 0]);
  });

  it('nests chat and tool spans under their turn, and turns under the agent span', async () => {
    const s = await exportFamily();
    const agent = one(s.root, 'invoke_agent').spanContext().spanId;
    const turns = named(s.root, 'turn');
    for (const t of turns) expect(t.parentSpanContext?.spanId).toBe(agent);
    const [t1, t2] = turns.sort((a, b) => (a.attributes['seqscope.turn'] as number) - (b.attributes['seqscope.turn'] as number));
    // by seq: turn 1 holds seqs up to its turn/end, turn 2 the rest
    const seqOf = (x: ReadableSpan) => x.attributes['seqscope.seq'] as number;
    const children = [...named(s.root, 'chat'), ...named(s.root, 'execute_tool')];
    const byTurn = (n: number) => children.filter((x) => (n === 1 ? seqOf(x) < fam.seqs.rootTurn1End : seqOf(x) > fam.seqs.rootTurn2));
    for (const x of byTurn(1)) expect(x.parentSpanContext?.spanId).toBe(t1.spanContext().spanId);
    for (const x of byTurn(2)) expect(x.parentSpanContext?.spanId).toBe(t2.spanContext().spanId);
    expect(byTurn(1).length + byTurn(2).length).toBe(children.length);
    expect(byTurn(1)).toHaveLength(3);
  });

  it('gives each chat span its step\'s tokens by the one definition, input including cache, a retried step summing its attempts', async () => {
    const s = await exportFamily();
    const chats = named(s.root, 'chat').sort((a, b) => (a.attributes['seqscope.seq'] as number) - (b.attributes['seqscope.seq'] as number));
    expect(chats.map((c) => c.name)).toEqual(['chat deepseek-v4', 'chat deepseek-v4', 'chat deepseek-v4']);
    expect(chats[0].attributes).toMatchObject({
      'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'deepseek', 'gen_ai.request.model': 'deepseek-v4',
      'gen_ai.usage.input_tokens': 100 + 300 + 5, 'gen_ai.usage.output_tokens': 20, 'gen_ai.usage.cache_read.input_tokens': 300,
      'gen_ai.usage.cache_creation.input_tokens': 5, 'gen_ai.usage.reasoning.output_tokens': 12, 'gen_ai.response.finish_reasons': ['tool_call'],
      'gen_ai.response.time_to_first_chunk': 0.5, 'gen_ai.conversation.id': 'root-1',
    });
    const retried = chats[1];
    expect(retried.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 50 + 60 + 40, 'gen_ai.usage.output_tokens': 3 + 7, 'seqscope.attempts': 2, 'gen_ai.response.finish_reasons': ['stop'] });
    expect(retried.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(retried.events.map((e) => e.name)).toEqual(['seqscope.llm.retry']);
    expect(retried.events[0].attributes).toMatchObject({ 'error.type': 'overloaded', 'seqscope.retry': 1 });
    // the agent span carries the session's totals
    const total = chats.reduce((a, c) => a + (c.attributes['gen_ai.usage.input_tokens'] as number), 0);
    expect(one(s.root, 'invoke_agent').attributes['gen_ai.usage.input_tokens']).toBe(total);
    // the grandchild has no usage chunk: its assistant message's usage counts
    expect(one(s.grandchild, 'chat').attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 3, 'seqscope.usage.source': 'message' });
  });

  it('marks a failed tool call and an errored turn as errors, and records prune and compaction events with their figures', async () => {
    const s = await exportFamily();
    const bad = s.root.find((sp) => sp.attributes['gen_ai.tool.call.id'] === 'c-bad')!;
    expect(bad.name).toBe('execute_tool bash');
    expect(bad.status.code).toBe(SpanStatusCode.ERROR);
    expect(bad.attributes['error.type']).toBe('EXIT_1');
    const good = s.root.find((sp) => sp.attributes['gen_ai.tool.call.id'] === 'c-sub')!;
    expect(good.status.code).not.toBe(SpanStatusCode.ERROR);
    const turn2 = named(s.root, 'turn').find((t) => t.attributes['seqscope.turn'] === 2)!;
    expect(turn2.status.code).toBe(SpanStatusCode.ERROR);
    expect(turn2.attributes).toMatchObject({ 'error.type': 'provider_error', 'seqscope.turn.end_reason': 'error' });
    const prune = turn2.events.find((e) => e.name === 'seqscope.prune')!;
    expect(prune.attributes).toMatchObject({ 'seqscope.seq': fam.seqs.prune, 'seqscope.replaced.tokens': 42, 'seqscope.replaced.start': fam.seqs.badResult, 'seqscope.replaced.count': 1 });
    // the compaction ran between turns: an event of the agent span
    const compaction = one(s.root, 'invoke_agent').events.find((e) => e.name === 'seqscope.compaction')!;
    expect(compaction.attributes).toMatchObject({ 'seqscope.compaction.id': 'k1', 'seqscope.replaced.tokens': 900, 'seqscope.replaced.start': fam.seqs.rootUser1, 'seqscope.compaction.usage.input_tokens': 900 });
  });

  it('records content only when asked, as the conventions\' opt-in attributes', async () => {
    const plain = await exportFamily(false);
    const CONTENT = ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.system_instructions', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result'];
    for (const sp of plain.root) for (const k of CONTENT) expect(sp.attributes[k]).toBeUndefined();
    expect(otlpJsonText(plain.root)).not.toContain('please delegate');
    const rich = await exportFamily(true);
    const chats = named(rich.root, 'chat').sort((a, b) => (a.attributes['seqscope.seq'] as number) - (b.attributes['seqscope.seq'] as number));
    expect(JSON.parse(chats[0].attributes['gen_ai.input.messages'] as string)).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'please delegate' }] }]);
    expect(JSON.parse(chats[0].attributes['gen_ai.system_instructions'] as string)).toEqual([{ type: 'text', content: 'You are DSH.' }]);
    expect(chats[1].attributes['gen_ai.system_instructions']).toBeUndefined();
    // the second request's new input is the first step's tool result
    expect(JSON.parse(chats[1].attributes['gen_ai.input.messages'] as string)).toEqual([{ role: 'tool', parts: [{ type: 'tool_call_response', id: 'c-sub', response: 'ALPHA' }] }]);
    expect(JSON.parse(chats[1].attributes['gen_ai.output.messages'] as string)).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'done' }], finish_reason: 'stop' }]);
    const bad = rich.root.find((sp) => sp.attributes['gen_ai.tool.call.id'] === 'c-bad')!;
    expect(bad.attributes).toMatchObject({ 'gen_ai.tool.call.arguments': '{"command":"false"}', 'gen_ai.tool.call.result': 'exit 1' });
  });

  it('gives the same ids on every export', async () => {
    const a = await exportFamily(), b = await exportFamily();
    const key = (xs: ReadableSpan[]) => xs.map((x) => `${x.spanContext().traceId}/${x.spanContext().spanId}/${x.parentSpanContext?.spanId ?? ''}`).sort();
    for (const k of ids) expect(key(a[k])).toEqual(key(b[k]));
    const all = ids.flatMap((k) => a[k].map((x) => x.spanContext().spanId));
    expect(new Set(all).size).toBe(all.length);
  });

  it('decodes with the official OTLP protobuf definitions, ids, parents, times and attributes intact', async () => {
    const s = await exportFamily();
    const spans = ids.flatMap((k) => s[k]);
    const bytes = ProtobufTraceSerializer.serializeRequest(spans)!;
    // the generated module of opentelemetry-proto's definitions, as the OTel project compiled them
    const root = createRequire(import.meta.url)('otlp-proto-definitions/build/src/generated/root.js');
    const Req = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
    const decoded = Req.toObject(Req.decode(bytes), { longs: String, bytes: String, defaults: false });
    const got = decoded.resourceSpans.flatMap((r: { scopeSpans: { spans: unknown[] }[] }) => r.scopeSpans.flatMap((x) => x.spans)) as Record<string, unknown>[];
    expect(got).toHaveLength(spans.length);
    const hex = (b64: string) => Buffer.from(b64, 'base64').toString('hex');
    const byId = new Map(got.map((g) => [hex(g.spanId as string), g]));
    for (const sp of spans) {
      const g = byId.get(sp.spanContext().spanId)!;
      expect(g, sp.name).toBeDefined();
      expect(g.name).toBe(sp.name);
      expect(hex(g.traceId as string)).toBe(sp.spanContext().traceId);
      if (sp.parentSpanContext) expect(hex(g.parentSpanId as string)).toBe(sp.parentSpanContext.spanId);
      expect(BigInt(g.startTimeUnixNano as string)).toBe(BigInt(sp.startTime[0]) * 1_000_000_000n + BigInt(sp.startTime[1]));
    }
    const chat = got.find((g) => g.name === 'chat deepseek-v4' && (g.attributes as { key: string; value: { intValue?: string } }[]).some((a) => a.key === 'gen_ai.usage.input_tokens' && a.value.intValue === '405'));
    expect(chat).toBeDefined();
  });
});

describe('OTLP spans: where a sub-agent goes, and whose tokens', () => {
  it('puts a sub-agent that no call of its parent started under the parent\'s agent span, in the parent\'s trace', async () => {
    const root = await load(fam.root);
    // created at 15 s: after c-sub answered (12 s) and before c-bad ran (20.3 s), and named by no call
    const w = new LogWriter(15_000);
    w.turnStart(); w.stepStart(); w.user('side work'); w.chunk({ type: 'text-delta', index: 0, text: 'k' }); w.assistant('k'); w.stepEnd(); w.turnEnd();
    const orphan = await load(bytesOf(headerRecord('orphan-1', { createdAt: 15_000, parentSession: 'root-1', origin: 'subagent', delegationDepth: 1 }), w.events));
    const facts = new Map<string, SessionFacts>([[root.header!.id, root.header!], [orphan.header!.id, orphan.header!]]);
    const m = traceModelOf(root, ['orphan-1'])!;
    const calls = assignStartingCalls(m.tools, [orphan.header!]);
    expect(calls.size).toBe(0);
    const agent = one(otlpSpansOf(orphan, traceModelOf(orphan)!, placeSession(orphan.header!, (id) => facts.get(id), calls.get('orphan-1'))), 'invoke_agent');
    expect(agent.spanContext().traceId).toBe(traceIdOf('root-1'));
    expect(agent.parentSpanContext?.spanId).toBe(one(otlpSpansOf(root, m, placeSession(root.header!, (id) => facts.get(id))), 'invoke_agent').spanContext().spanId);
  });

  it('gives a session the tokens the fleet figures give it (one definition): summed over chat spans and on the agent span, for a run with retried steps and a fork (its seed left out)', async () => {
    const f = synthesizeFork({ seed: 3, events: 4000, contextTokens: 9000 });
    const retried = synthesize({ seed: 1, events: 4000, contextTokens: 9000 });
    expect(retried.stats.retries).toBeGreaterThan(0);
    for (const s of [retried, f.parent, f.child]) {
      const r = await load(new TextEncoder().encode(formatJsonl(s.header, s.events)));
      const t = deriveSessionFigures(s.events, s.header.seedLength ?? 0).tokens;
      const want = {
        'gen_ai.usage.input_tokens': t.input + t.cacheRead + t.cacheWrite, 'gen_ai.usage.output_tokens': t.output,
        'gen_ai.usage.cache_read.input_tokens': t.cacheRead, 'gen_ai.usage.cache_creation.input_tokens': t.cacheWrite, 'gen_ai.usage.reasoning.output_tokens': t.reasoning,
      };
      const spans = otlpSpansOf(r, traceModelOf(r)!, placeSession(r.header!, () => undefined));
      const chats = named(spans, 'chat');
      const summed = Object.fromEntries(Object.keys(want).map((k) => [k, chats.reduce((a, c) => a + (c.attributes[k] as number), 0)]));
      expect(summed, s.header.id).toEqual(want);
      expect(one(spans, 'invoke_agent').attributes).toMatchObject(want);
      expect(want['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    }
  });
});
