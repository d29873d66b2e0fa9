/**
 * DSH messages in the GenAI conventions' message shape (`{role, parts}`; input and output message
 * schemas), for the opt-in content attributes. Every string of content passes through `text`
 * first, so a redaction applies to each piece before anything is joined or serialized.
 */
import { isPlainRecord } from '../errors';
import { deriveEventMessage } from '../messages';
import type { SessionEvent } from '../types';

/** A transform applied to every content string (identity, or a redaction). */
export type TextOf = (s: string) => string;

export interface GenAiPart { readonly type: string; readonly [k: string]: unknown }
export interface GenAiMessage { readonly role: string; readonly parts: readonly GenAiPart[]; readonly finish_reason?: string }

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The text of blocks (tool results hold blocks): text and reasoning joined, other blocks by type. */
export function blocksText(blocks: unknown, text: TextOf): string {
  if (!Array.isArray(blocks)) return '';
  return blocks.map((b) => (isPlainRecord(b) && typeof b.text === 'string' ? text(b.text) : isPlainRecord(b) ? `[${str(b.type) || 'block'}]` : '')).join('\n');
}

function part(b: unknown, text: TextOf): GenAiPart {
  if (!isPlainRecord(b)) return { type: 'unknown' };
  switch (b.type) {
    case 'text': return { type: 'text', content: text(str(b.text)) };
    case 'reasoning': return { type: 'reasoning', content: text(str(b.text)) };
    case 'tool-call': return { type: 'tool_call', id: str(b.id), name: str(b.name), arguments: text(str(b.arguments)) };
    case 'tool-result': return { type: 'tool_call_response', id: str(b.toolCallId), response: blocksText(b.content, text) };
    case 'image': {
      const a = isPlainRecord(b.attachment) ? b.attachment : {};
      // the image itself is not exported: its id and type say which one it was
      return { type: 'blob', modality: 'image', mime_type: str(a.mediaType), attachment_id: str(a.attachmentId) };
    }
    default: return { type: str(b.type) || 'unknown' };
  }
}

/** The message an event contributes, as a GenAI message; null when it contributes none. */
export function genAiMessage(e: SessionEvent, text: TextOf): GenAiMessage | null {
  const m = deriveEventMessage(e);
  if (!m || !Array.isArray(m.content)) return null;
  const role = e.type === 'tool/result' ? 'tool' : str(m.role) || 'user';
  return { role, parts: m.content.map((b) => part(b, text)) };
}

/** The system prompt of a `request/header` event, as GenAI system instructions; null when it has none. */
export function systemInstructions(e: SessionEvent, text: TextOf): GenAiPart[] | null {
  const h = isPlainRecord(e.data) && isPlainRecord(e.data.header) ? e.data.header : undefined;
  return h && typeof h.system === 'string' ? [{ type: 'text', content: text(h.system) }] : null;
}

/** The tools a `request/header` offers, as GenAI tool definitions (descriptions through `text`). */
export function toolDefinitions(e: SessionEvent, text: TextOf): GenAiPart[] | null {
  const h = isPlainRecord(e.data) && isPlainRecord(e.data.header) ? e.data.header : undefined;
  if (!h || !Array.isArray(h.tools)) return null;
  return h.tools.filter(isPlainRecord).map((t) => ({ type: 'function', name: str(t.name), description: text(str(t.description)), parameters: t.parameters ?? null }));
}

/** The GenAI finish reason for a DSH finish reason kind. */
export function finishReasonOf(kind: string | undefined): string {
  switch (kind) {
    case undefined: return 'stop';
    case 'tool-calls': return 'tool_call';
    case 'max-tokens': return 'length';
    default: return kind;
  }
}
