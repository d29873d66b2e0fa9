/**
 * Small valid DSH session logs built by hand (no dependency on the synthesizer): a header and
 * turns with request headers, user and assistant messages, chunk events, packed chunk rows, tool
 * calls and tool results. Every string a log can carry goes through `str`, so that hostile
 * generators can put a payload into each of them.
 */
import { concatBytes, encodeZstdFrames } from '../io/zstd-encode';
import { Rng } from '../synth/prng';

/** Where a string sits in the log; hostile generators key on this. */
export type StringSlot =
  | 'session-id' | 'cwd' | 'agent-preset' | 'provider' | 'model' | 'system' | 'tool-name' | 'tool-description'
  | 'tool-schema' | 'user-text' | 'assistant-text' | 'reasoning' | 'tool-call-id' | 'tool-arguments' | 'tool-result'
  | 'message-id' | 'title' | 'error' | 'meta';

export interface SeedOptions {
  /** Number of turns (default 2). */
  turns?: number;
  /** Write chunk deltas as packed rows (default true). */
  packRows?: boolean;
  /** Leave the last turn open (no step/end, turn/end): crash repair runs on load. */
  openLastTurn?: boolean;
  /** Maps each string the log carries; default identity. */
  str?: (slot: StringSlot, value: string) => string;
  /** Extra keys merged into every `data` object (e.g. prototype-pollution keys). */
  extraData?: (type: string) => Record<string, unknown>;
  /** Extra keys merged into the header. */
  extraHeader?: Record<string, unknown>;
  /** Seeded variation of text and tool use. */
  rng?: Rng;
  time0?: number;
}

type Ev = Record<string, unknown>;

/** The log's records (header first) as plain objects; rows are storage records, not events. */
export function buildSeedRecords(o: SeedOptions = {}): Ev[] {
  const S = o.str ?? ((_s: StringSlot, v: string) => v);
  const rng = o.rng ?? Rng.fromState(1);
  const turns = o.turns ?? 2;
  const pack = o.packRows ?? true;
  const extra = o.extraData ?? (() => ({}));
  const id = S('session-id', `seed-${rng.int(1e6)}`);
  const out: Ev[] = [];
  out.push({ type: 'session', version: 0, id, createdAt: o.time0 ?? 1767225600000, cwd: S('cwd', '/home/dev/project'), delegationDepth: 0, agentPreset: S('agent-preset', 'default'), ...(o.extraHeader ?? {}) });
  let seq = 0;
  let time = (o.time0 ?? 1767225600000) + 3;
  let msg = 0;
  const provider = S('provider', 'deepseek');
  const model = S('model', 'deepseek-chat');
  const ev = (type: string, data: Record<string, unknown>, more: Ev = {}): number => {
    const s = seq++;
    time += rng.range(0, 5);
    out.push({ type, seq: s, time, data: { ...data, ...extra(type) }, ...more });
    return s;
  };
  /** A streamed block: block-start, deltas (packed or not), block-end. Returns the seqs used. */
  const block = (turn: number, step: number, index: number, kind: 'text' | 'reasoning' | 'tool-call', pieces: string[], call?: { id: string; name: string }): number[] => {
    const seqs: number[] = [];
    seqs.push(ev('assistant/chunk', { turn, step, chunk: { type: 'block-start', index, blockType: kind } }));
    if (pack && pieces.length > 0) {
      const tag = kind === 'text' ? 'text-chunks' : kind === 'reasoning' ? 'reasoning-chunks' : 'tool-call-chunks';
      const seq0 = seq;
      const time0 = time + 1;
      const dt = pieces.slice(1).map(() => rng.range(0, 4));
      const data: Ev = { turn, step, index, dt };
      if (kind === 'tool-call') { data.id = call!.id; data.name = call!.name; data.args = pieces; } else data.texts = pieces;
      out.push({ type: tag, seq0, time0, data });
      for (let k = 0; k < pieces.length; k++) seqs.push(seq0 + k);
      seq += pieces.length;
      time = time0 + dt.reduce((a, b) => a + b, 0);
    } else {
      for (const p of pieces) {
        const chunk = kind === 'tool-call' ? { type: 'tool-call-delta', index, id: call!.id, name: call!.name, argumentsDelta: p } : { type: kind === 'text' ? 'text-delta' : 'reasoning-delta', index, text: p };
        seqs.push(ev('assistant/chunk', { turn, step, chunk }));
      }
    }
    const full = pieces.join('');
    const blk = kind === 'tool-call' ? { type: 'tool-call', id: call!.id, name: call!.name, arguments: full } : { type: kind, text: full };
    seqs.push(ev('assistant/chunk', { turn, step, chunk: { type: 'block-end', index, block: blk } }));
    return seqs;
  };
  const split = (s: string): string[] => {
    const parts: string[] = [];
    let p = 0;
    while (p < s.length) { const n = rng.range(1, 8); parts.push(s.slice(p, p + n)); p += n; }
    return parts.length ? parts : [''];
  };
  const tools = [
    { name: S('tool-name', 'read_file'), description: S('tool-description', 'Read a file'), parameters: { type: 'object', properties: { path: { type: 'string', description: S('tool-schema', 'file path') } }, required: ['path'] } },
    { name: S('tool-name', 'bash'), description: S('tool-description', 'Run a shell command'), parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
  ];
  for (let turn = 1; turn <= turns; turn++) {
    const open = o.openLastTurn && turn === turns;
    ev('turn/start', { turn });
    if (turn === 1) ev('session/title', { title: S('title', 'A session title') });
    ev('user/message', { id: S('message-id', `u-${++msg}`), role: 'user', content: [{ type: 'text', text: S('user-text', `Question ${turn}: please look at the file.`) }], source: { kind: 'user' } }, { surfaceOp: 'append' });
    let step = 1;
    const useTool = rng.chance(0.7);
    ev('step/start', { turn, step });
    ev('request/header', { header: { config: { provider, model }, system: S('system', 'You are a coding agent.'), tools }, reason: 'initial' });
    const src: number[] = [];
    let index = 0;
    const content: Ev[] = [];
    if (rng.chance(0.6)) {
      const r = S('reasoning', 'Let me think about this carefully.');
      src.push(...block(turn, step, index++, 'reasoning', split(r)));
      content.push({ type: 'reasoning', text: r });
    }
    const callId = S('tool-call-id', `call_${turn}_${rng.int(1000)}`);
    const toolName = tools[rng.int(2)].name;
    if (useTool) {
      const args = S('tool-arguments', JSON.stringify({ path: '/home/dev/project/README.md' }));
      src.push(...block(turn, step, index, 'tool-call', split(args), { id: callId, name: toolName }));
      content.push({ type: 'tool-call', id: callId, name: toolName, arguments: args });
    } else {
      const t = S('assistant-text', `Answer ${turn}.`);
      src.push(...block(turn, step, index, 'text', split(t)));
      content.push({ type: 'text', text: t });
    }
    src.push(ev('assistant/chunk', { turn, step, chunk: { type: 'usage', usage: { inputTokens: 120, outputTokens: 40 } } }));
    src.push(ev('assistant/chunk', { turn, step, chunk: { type: 'finish', reason: { kind: useTool ? 'tool-calls' : 'stop' } } }));
    if (open && !useTool) break;
    ev('assistant/message', { turn, step, message: { id: S('message-id', `a-${++msg}`), role: 'assistant', content, source: { kind: 'model', provider, model } }, usage: { inputTokens: 120, outputTokens: 40 } }, { sourceEventSeqs: src, surfaceOp: 'append' });
    if (useTool) {
      const c = ev('tool/call', { turn, step, callId, name: toolName, arguments: content[content.length - 1].arguments });
      if (open) break;
      const isError = rng.chance(0.3);
      ev('tool/result', {
        turn, step,
        message: { id: S('message-id', `t-${++msg}`), role: 'user', source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: S('tool-result', '# README\nHello.') }], ...(isError ? { isError: true } : {}) }] },
        ...(isError ? { error: { name: S('error', 'ToolExecutionError'), code: 'ENOENT' } } : {}),
        meta: { kind: 'fs-read', note: S('meta', 'read ok') },
      }, { sourceEventSeqs: [c], surfaceOp: 'append' });
      ev('step/end', { turn, step });
      step++;
      ev('step/start', { turn, step });
      const t = S('assistant-text', 'Done.');
      const s2 = block(turn, step, 0, 'text', split(t));
      s2.push(ev('assistant/chunk', { turn, step, chunk: { type: 'finish', reason: { kind: 'stop' } } }));
      ev('assistant/message', { turn, step, message: { id: S('message-id', `a-${++msg}`), role: 'assistant', content: [{ type: 'text', text: t }], source: { kind: 'model', provider, model } } }, { sourceEventSeqs: s2, surfaceOp: 'append' });
    }
    if (open) break;
    ev('step/end', { turn, step });
    ev('turn/end', { turn, reason: { kind: 'completed' } });
  }
  return out;
}

export function recordsToJsonl(records: readonly unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A valid plain log as bytes. */
export function seedJsonl(o: SeedOptions = {}): Uint8Array {
  return utf8(recordsToJsonl(buildSeedRecords(o)));
}

/**
 * A DSH-shaped zstd artifact of a plain log: the first frame is exactly the header line; records
 * follow, `perFrame` lines a frame, in raw blocks, checksummed unless `checksum: false`. The
 * Frame_Content_Size field is always 4 bytes wide, so that a frame's header is 9 bytes and a fuzz
 * seed reproduces the same bytes it always has.
 */
export function zstdFromJsonl(jsonl: string | Uint8Array, opts: { perFrame?: number; checksum?: boolean } = {}): Promise<Uint8Array> {
  const bytes = typeof jsonl === 'string' ? utf8(jsonl) : jsonl;
  const perFrame = Math.max(1, opts.perFrame ?? 8);
  const lines: Uint8Array[] = [];
  let s = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) { lines.push(bytes.subarray(s, i + 1)); s = i + 1; }
  if (s < bytes.length) lines.push(bytes.subarray(s));
  const parts = lines.slice(0, 1);
  for (let i = 1; i < lines.length; i += perFrame) parts.push(concatBytes(lines.slice(i, i + perFrame)));
  return encodeZstdFrames(parts, { checksum: opts.checksum ?? true, contentSizeBytes: 4 });
}

/** The same log as a DSH-shaped zstd artifact. */
export function seedZstd(o: SeedOptions = {}, perFrame = 6): Promise<Uint8Array> {
  return zstdFromJsonl(seedJsonl(o), { perFrame });
}
