/**
 * The assistant side of a step: planning the content blocks of one model response to fit an event
 * budget, streaming them as assistant/chunk events (block-start, deltas, block-end, usage, finish),
 * the assistant/message that completes the stream, and the occasional failed attempt + retry
 * before it.
 *
 * Event accounting (planBlocks' contract): a block costs its deltas + 2 (block-start, block-end),
 * a tool call 3 more (tool/call, tool/result, and one for a hook or todo/write), and every response 3
 * (usage, finish, assistant/message).
 */
import { MODELS, deltas, prose, toolOutcome, uuid } from './content';
import type { SynthState } from './state';
import { contentTokens } from './surface';
import { planToolCall, type ToolCallBlock } from './tools';

export type Block =
  | { kind: 'reasoning' | 'text'; text: string; parts: string[] }
  | ToolCallBlock;

/** Events a block is expected to cost (see the module comment). */
const blockCost = (b: Block) => b.parts.length + 2 + (b.kind === 'tool-call' ? 3 : 0);

/**
 * Plans the assistant's blocks for one step within `avail` events. `final` means no tool calls
 * (the turn ends); `forceTools` plans exactly that many calls and never drops them (the crash
 * turn); `fill` pads the prose so the step uses exactly `avail`.
 */
export function planBlocks(st: SynthState, final: boolean, avail: number, forceTools = 0, fill = false): Block[] {
  const rng = st.rng;
  const blocks: Block[] = [];
  const reasoning = st.config.model === MODELS[1] || rng.chance(0.3);
  let cost = 3; // usage, finish, assistant/message
  if (reasoning) {
    const text = prose(rng, rng.skew(10, 160));
    blocks.push({ kind: 'reasoning', text, parts: deltas(rng, text) });
  }
  const tools = forceTools || (final ? 0 : rng.chance(0.2) ? rng.range(2, 3) : 1);
  const wantText = final || rng.chance(0.35);
  if (wantText) {
    const text = prose(rng, final ? rng.skew(15, 180) : rng.skew(5, 50));
    blocks.push({ kind: 'text', text, parts: deltas(rng, text) });
  }
  for (let i = 0; i < tools; i++) blocks.push(planToolCall(st, i));
  for (const b of blocks) cost += blockCost(b);
  // Too big for what is left: drop tool calls (unless forced), then shorten prose.
  if (cost > avail && !forceTools) {
    const kept = blocks.filter((b) => b.kind !== 'tool-call');
    if (!kept.some((b) => b.kind === 'text')) {
      const text = prose(rng, 20);
      kept.push({ kind: 'text', text, parts: deltas(rng, text) });
    }
    blocks.length = 0;
    blocks.push(...kept);
  }
  let over = 3 - avail;
  for (const b of blocks) over += blockCost(b);
  for (let i = blocks.length - 1; i >= 0 && over > 0; i--) {
    const b = blocks[i];
    if (b.kind === 'tool-call') {
      // Forced calls (the crash turn) shrink to a short read instead.
      if (b.parts.length <= 12) continue;
      const tool = toolOutcome(rng, 'read');
      const args = JSON.stringify(tool.args);
      const parts = deltas(rng, args);
      over -= b.parts.length - parts.length;
      blocks[i] = { ...b, name: tool.name, args, parts, tool };
      continue;
    }
    const cut = Math.min(over, b.parts.length - 1);
    b.parts = b.parts.slice(0, b.parts.length - cut);
    b.text = b.parts.join('');
    over -= cut;
  }
  if (fill && over < 0) {
    // Pad the prose so the step uses exactly what is left.
    let b = blocks.find((x) => x.kind !== 'tool-call');
    if (!b) { b = { kind: 'text', text: '', parts: [] }; blocks.unshift(b); over += 2; }
    while (over < 0) {
      const more = deltas(rng, ' ' + prose(rng, -over)).slice(0, -over);
      b.parts.push(...more);
      over += more.length;
    }
    b.text = b.parts.join('');
  }
  return blocks;
}

/**
 * Streams `blocks` as assistant/chunk events, then appends the assistant/message built from them
 * (a surface append whose sources are the chunk seqs). Returns the tool calls, in order.
 */
export function emitAssistant(st: SynthState, blocks: Block[]): ToolCallBlock[] {
  const calls = blocks.filter((b): b is ToolCallBlock => b.kind === 'tool-call');
  const { seqs, content, outputTokens } = streamBlocks(st, blocks, calls.length > 0);
  st.tick(1, 20);
  const usage = { inputTokens: st.surface.tokens + 50, outputTokens };
  const message = { id: uuid(st.rng), role: 'assistant', content, source: { kind: 'model', provider: st.config.provider, model: st.config.model } };
  st.addSurface('assistant/message', { turn: st.turn, step: st.step, message, usage }, 'append', seqs, contentTokens(content));
  return calls;
}

/** Streams the blocks as chunks; returns the chunk seqs and the finished content blocks. */
function streamBlocks(st: SynthState, blocks: Block[], tools: boolean): { seqs: number[]; content: object[]; outputTokens: number } {
  const rng = st.rng;
  const { turn, step } = st;
  const seqs: number[] = [];
  const content: object[] = [];
  let outputTokens = 0;
  const chunk = (c: object) => {
    seqs.push(st.add('assistant/chunk', { turn, step, chunk: c }).seq);
  };
  const gap = () => { st.t += rng.chance(0.55) ? rng.range(0, 1) : rng.range(18, 60); };
  st.tick(300, 2500); // time to first token
  blocks.forEach((b, index) => {
    chunk({ type: 'block-start', index, blockType: b.kind });
    for (const p of b.parts) {
      gap();
      if (b.kind === 'tool-call') chunk({ type: 'tool-call-delta', index, id: b.id, name: b.name, argumentsDelta: p });
      else chunk({ type: b.kind === 'text' ? 'text-delta' : 'reasoning-delta', index, text: p });
      st.stats.chunkDeltas++;
    }
    outputTokens += b.parts.length;
    gap();
    const block = b.kind === 'tool-call' ? { type: 'tool-call', id: b.id, name: b.name, arguments: b.args } : { type: b.kind, text: b.text };
    chunk({ type: 'block-end', index, block });
    content.push(block);
  });
  st.tick(0, 40);
  const reasoningTokens = blocks.filter((b) => b.kind === 'reasoning').reduce((n, b) => n + b.parts.length, 0);
  const cached = Math.floor(st.surface.tokens * 0.9);
  const usage: Record<string, number> = { inputTokens: st.surface.tokens - cached + 50, outputTokens, cacheReadTokens: cached };
  if (reasoningTokens) usage.reasoningTokens = reasoningTokens;
  chunk({ type: 'usage', usage });
  st.tick(0, 5);
  chunk({ type: 'finish', reason: { kind: tools ? 'tool-calls' : 'stop' } });
  return { seqs, content, outputTokens };
}

/**
 * An occasional (1.5%) failed attempt before the real stream: a partial reasoning stream or a
 * silent wait, then llm/retry and llm/retry-started. Only when at least 200 events are available.
 */
export function maybeRetry(st: SynthState, avail: number): void {
  if (avail < 200 || !st.rng.chance(0.015)) return;
  const rng = st.rng;
  if (rng.chance(0.5)) {
    st.tick(300, 2000);
    st.add('assistant/chunk', { turn: st.turn, step: st.step, chunk: { type: 'block-start', index: 0, blockType: 'reasoning' } });
    const text = prose(rng, rng.range(5, 30));
    for (const p of deltas(rng, text)) {
      st.tick(0, 40);
      st.add('assistant/chunk', { turn: st.turn, step: st.step, chunk: { type: 'reasoning-delta', index: 0, text: p } });
      st.stats.chunkDeltas++;
    }
  } else st.tick(1000, 30000);
  const retryId = uuid(rng);
  const delayMs = rng.pick([1000, 2000, 4000, 8000]);
  const status = rng.pick([429, 500, 503]);
  st.add('llm/retry', {
    retryId, turn: st.turn, step: st.step, provider: st.config.provider, mode: 'normal', policyKey: status === 429 ? 'rate-limit' : 'server-error',
    retry: 1, maxRetries: 4, delayMs,
    failure: { message: status === 429 ? 'Rate limit reached; slow down.' : 'The upstream service is temporarily unavailable.', code: status === 429 ? 'RATE_LIMITED' : 'SERVER_ERROR', status },
  });
  st.t += delayMs;
  st.add('llm/retry-started', { retryId, turn: st.turn, step: st.step, retry: 1 });
  st.stats.retries++;
}
