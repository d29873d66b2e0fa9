/** One-line summaries of events for the Log view. Pure; runs in the worker and in Node tests. */
import { oneLine } from '../core/text';
import type { SessionEvent } from '../core/types';
import type { Row } from '../protocol/worker-protocol';

const MAX = 160;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}


/** Text of content blocks: text blocks verbatim, other blocks as a short tag. */
export function contentText(content: unknown, max = MAX): string {
  if (typeof content === 'string') return oneLine(content, max);
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const b of content) {
    if (!isRecord(b)) continue;
    if (b.type === 'text' && typeof b.text === 'string') parts.push(b.text);
    else if (b.type === 'reasoning') parts.push('[reasoning]');
    else if (b.type === 'tool-call') parts.push(`→ ${String(b.name)}(${typeof b.arguments === 'string' ? b.arguments : ''})`);
    else if (b.type === 'tool-result') parts.push(`⇐ ${contentText(b.content, max)}`);
    else if (b.type === 'image') parts.push('[image]');
    else parts.push(`[${String(b.type)}]`);
    if (parts.join(' ').length > max) break;
  }
  return oneLine(parts.join(' '), max);
}

function compact(v: unknown, max = MAX): string {
  let s: string;
  try { s = JSON.stringify(v) ?? ''; } catch { s = '[deep value]'; }
  return oneLine(s, max);
}

function chunkSummary(c: unknown): string {
  if (!isRecord(c)) return '';
  switch (c.type) {
    case 'text-delta': case 'reasoning-delta': return `${c.type} ${JSON.stringify(oneLine(String(c.text ?? c.delta ?? ''), 100))}`;
    case 'tool-call-delta': return `tool-call-delta ${oneLine(String(c.argsDelta ?? c.delta ?? c.args ?? ''), 100)}`;
    case 'block-start': return `block-start #${String(c.index)} ${String(c.blockType ?? '')}`;
    case 'block-end': return `block-end #${String(c.index)}`;
    case 'usage': return `usage ${compact(c.usage, 100)}`;
    case 'finish': return `finish ${isRecord(c.reason) ? String(c.reason.kind) : compact(c.reason)}`;
    default: return `${String(c.type)} ${compact(c, 100)}`;
  }
}

/** The one-line summary shown in the Log view for `e`. */
export function summarizeEvent(e: SessionEvent): string {
  const d: unknown = e.data;
  const r = isRecord(d) ? d : {};
  switch (e.type) {
    case 'user/message': {
      const src = isRecord(r.source) ? String(r.source.kind) : '?';
      const op = typeof e.surfaceOp === 'object' && e.surfaceOp ? `replace [${e.surfaceOp.start}…${e.surfaceOp.end}] ` : '';
      return `${op}(${src}) ${contentText(r.content)}`;
    }
    case 'assistant/message': {
      const m = isRecord(r.message) ? r.message : {};
      const op = typeof e.surfaceOp === 'object' && e.surfaceOp ? `replace [${e.surfaceOp.start}…${e.surfaceOp.end}] ` : '';
      return op + contentText(m.content);
    }
    case 'tool/result': {
      const m = isRecord(r.message) ? r.message : {};
      const block = Array.isArray(m.content) && isRecord(m.content[0]) ? m.content[0] : {};
      const err = block.isError === true ? ' ERROR' : '';
      return `${String(block.toolCallId ?? '')}${err} ${contentText(block.content)}`;
    }
    case 'tool/call': return `${String(r.name)}(${oneLine(typeof r.arguments === 'string' ? r.arguments : compact(r.arguments), 120)}) ${String(r.callId ?? '')}`;
    case 'assistant/chunk': return chunkSummary(r.chunk);
    case 'turn/start': return `turn ${String(r.turn)}`;
    case 'turn/end': return `turn ${String(r.turn)} ${isRecord(r.reason) ? String(r.reason.kind) : ''}`;
    case 'step/start': case 'step/end': return `turn ${String(r.turn)} step ${String(r.step)}`;
    case 'request/header': {
      const h = isRecord(r.header) ? r.header : {};
      const cfg = isRecord(h.config) ? h.config : {};
      const tools = Array.isArray(h.tools) ? h.tools.length : 0;
      return `${String(cfg.provider ?? '')}/${String(cfg.model ?? '')} · ${tools} tools · ${String(r.reason ?? '')}`.trim();
    }
    case 'compaction/summary': return `${String(r.compactionId ?? '')} ${contentText(r.summary)}`;
    case 'compaction/prune': return `prune ${compact(d)}`;
    case 'session/end-seed': return 'end of seed';
    case 'command/run': return oneLine(String(r.command ?? compact(d)));
    default: return compact(d);
  }
}

/** Turn and step the event belongs to, when its data says so. */
export function turnStep(e: SessionEvent): { turn?: number; step?: number } {
  const d: unknown = e.data;
  if (!isRecord(d)) return {};
  const out: { turn?: number; step?: number } = {};
  if (typeof d.turn === 'number') out.turn = d.turn;
  if (typeof d.step === 'number') out.step = d.step;
  return out;
}

/** The Log row for event `e` at `seq` with `flags` (FLAG_*); a summary that throws reads "(unreadable data)". */
export function buildRow(e: SessionEvent, seq: number, flags: number): Row {
  let summary: string;
  try { summary = summarizeEvent(e); } catch { summary = '(unreadable data)'; }
  return { seq, time: e.time, type: e.type, ...turnStep(e), summary, flags };
}
