/** One-line summaries of events for the Log view. Pure; runs in the worker and in Node tests. */
import { asText, finiteOr, oneLine, previewJson, typeText } from '../core/text';
import type { Row } from '../protocol/worker-protocol';

const MAX = 160;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}


/** Text of content blocks: text blocks verbatim, other blocks as a short tag. */
export function contentText(content: unknown, max = MAX, depth = 0): string {
  if (typeof content === 'string') return oneLine(content, max);
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const b of content) {
    if (!isRecord(b)) continue;
    if (b.type === 'text' && typeof b.text === 'string') parts.push(b.text.length > max * 8 ? b.text.slice(0, max * 8) : b.text);
    else if (b.type === 'reasoning') parts.push('[reasoning]');
    else if (b.type === 'tool-call') parts.push(`→ ${asText(b.name, max)}(${typeof b.arguments === 'string' ? b.arguments.slice(0, max) : ''})`);
    else if (b.type === 'tool-result') parts.push(depth < 8 ? `⇐ ${contentText(b.content, max, depth + 1)}` : '⇐ …');
    else if (b.type === 'image') parts.push('[image]');
    else parts.push(`[${typeText(b.type)}]`);
    if (parts.reduce((n, p) => n + p.length, 0) > max) break;
  }
  return oneLine(parts.join(' '), max);
}

function compact(v: unknown, max = MAX): string {
  return oneLine(previewJson(v, max), max);
}

/** Short text of a field, for summaries. */
const t = (v: unknown, max = MAX) => asText(v, max);

function chunkSummary(c: unknown): string {
  if (!isRecord(c)) return '';
  switch (c.type) {
    case 'text-delta': case 'reasoning-delta': return `${c.type} ${JSON.stringify(oneLine(t(c.text ?? c.delta ?? '', 400), 100))}`;
    case 'tool-call-delta': return `tool-call-delta ${oneLine(t(c.argsDelta ?? c.delta ?? c.args ?? '', 400), 100)}`;
    case 'block-start': return `block-start #${t(c.index, 40)} ${t(c.blockType ?? '', 60)}`;
    case 'block-end': return `block-end #${t(c.index, 40)}`;
    case 'usage': return `usage ${compact(c.usage, 100)}`;
    case 'finish': return `finish ${isRecord(c.reason) ? t(c.reason.kind, 60) : compact(c.reason)}`;
    default: return `${typeText(c.type)} ${compact(c, 100)}`;
  }
}

/** `replace [start…end] ` for a replace surface op, else "". */
function replaceText(op: unknown): string {
  return isRecord(op) ? `replace [${t(op.start, 40)}…${t(op.end, 40)}] ` : '';
}

/** The one-line summary shown in the Log view for the event record `e` (any JSON value). */
export function summarizeEvent(e: unknown): string {
  const ev = isRecord(e) ? e : {};
  const d: unknown = ev.data;
  const r = isRecord(d) ? d : {};
  switch (ev.type) {
    case 'user/message': {
      const src = isRecord(r.source) ? t(r.source.kind, 40) : '?';
      return `${replaceText(ev.surfaceOp)}(${src}) ${contentText(r.content)}`;
    }
    case 'assistant/message': {
      const m = isRecord(r.message) ? r.message : {};
      return replaceText(ev.surfaceOp) + contentText(m.content);
    }
    case 'tool/result': {
      const m = isRecord(r.message) ? r.message : {};
      const block = Array.isArray(m.content) && isRecord(m.content[0]) ? m.content[0] : {};
      const err = block.isError === true ? ' ERROR' : '';
      return `${t(block.toolCallId ?? '', 80)}${err} ${contentText(block.content)}`;
    }
    case 'tool/call': return `${t(r.name, 80)}(${oneLine(typeof r.arguments === 'string' ? r.arguments : compact(r.arguments), 120)}) ${t(r.callId ?? '', 80)}`;
    case 'assistant/chunk': return chunkSummary(r.chunk);
    case 'turn/start': return `turn ${t(r.turn, 40)}`;
    case 'turn/end': return `turn ${t(r.turn, 40)} ${isRecord(r.reason) ? t(r.reason.kind, 60) : ''}`;
    case 'step/start': case 'step/end': return `turn ${t(r.turn, 40)} step ${t(r.step, 40)}`;
    case 'request/header': {
      const h = isRecord(r.header) ? r.header : {};
      const cfg = isRecord(h.config) ? h.config : {};
      const tools = Array.isArray(h.tools) ? h.tools.length : 0;
      return oneLine(`${t(cfg.provider ?? '', 80)}/${t(cfg.model ?? '', 80)} · ${tools} tools · ${t(r.reason ?? '', 80)}`);
    }
    case 'compaction/summary': return `${t(r.compactionId ?? '', 80)} ${contentText(r.summary)}`;
    case 'compaction/prune': return `prune ${compact(d)}`;
    case 'session/end-seed': return 'end of seed';
    case 'command/run': return oneLine(r.command !== undefined ? t(r.command, MAX * 8) : compact(d));
    default: return compact(d);
  }
}

/** Turn and step the event belongs to, when its data says so (finite numbers only). */
export function turnStep(e: unknown): { turn?: number; step?: number } {
  const d: unknown = isRecord(e) ? e.data : undefined;
  if (!isRecord(d)) return {};
  const out: { turn?: number; step?: number } = {};
  const turn = finiteOr(d.turn), step = finiteOr(d.step);
  if (turn !== undefined) out.turn = turn;
  if (step !== undefined) out.step = step;
  return out;
}

/**
 * The Log row for the event record `e` (any JSON value) at `seq` with `flags` (FLAG_*): `type` is
 * always text, `time` a number (NaN when the record has none); a summary that throws reads
 * "(unreadable data)".
 */
export function buildRow(e: unknown, seq: number, flags: number): Row {
  let summary: string;
  try { summary = summarizeEvent(e); } catch { summary = '(unreadable data)'; }
  const ev = isRecord(e) ? e : {};
  return { seq, time: finiteOr(ev.time) ?? NaN, type: typeText(ev.type), ...turnStep(e), summary, flags };
}
