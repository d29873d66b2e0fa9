import { isPlainRecord } from './errors';
import type { EventLog } from './event-log';
import { canonicalHeader } from './request-header';
import { projectItem } from './run-item-compare';
import { K_HEADER, type RunItems } from './run-items';

/** At most this many characters of an item's text are shown or diffed (a tool result may be megabytes). */
export const ITEM_TEXT_MAX = 20_000;

const cap = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}\n… (${(s.length - max).toLocaleString('en')} more characters)` : s);

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  try { return JSON.stringify(v) ?? String(v); } catch { return String(v); }
}

/** A content block as lines of text: what the comparison looks at, in words. */
function blockText(b: unknown, out: string[], max: number): void {
  if (!isPlainRecord(b)) { out.push(str(b).slice(0, max)); return; }
  switch (b.type) {
    case 'text': out.push(str(b.text).slice(0, max)); return;
    case 'reasoning': out.push(`[reasoning] ${str(b.text).slice(0, max)}`); return;
    case 'tool-call': out.push(`[tool call] ${str(b.name)}(${str(b.arguments ?? b.input).slice(0, max)})`); return;
    case 'tool-result': {
      if (b.isError === true) out.push('[error]');
      if (Array.isArray(b.content)) for (const c of b.content) blockText(c, out, max);
      else out.push(str(b.content).slice(0, max));
      return;
    }
    case 'image': out.push(`[image ${isPlainRecord(b.attachment) ? `${str(b.attachment.mediaType)} ${str(b.attachment.width)}×${str(b.attachment.height)} ${str(b.attachment.attachmentId)}` : ''}]`); return;
    default: out.push(`[${str(b.type)}] ${str(b).slice(0, max)}`);
  }
}

/**
 * The text of item `i` as the Runs view shows and diffs it: the compared content only (no ids,
 * times or usage), capped at `max` characters. A header item: model settings, tools, system prompt.
 */
export function formatItemText(log: EventLog, items: RunItems, i: number, max = ITEM_TEXT_MAX): string {
  const seq = items.seq[i];
  if (items.kind[i] === K_HEADER) {
    if (seq < 0) return '(no request header in force)';
    const raw = log.rawAt(seq).data?.header;
    if (!isPlainRecord(raw)) return '(a request header without a header object)';
    const h = canonicalHeader(raw);
    const tools = (h.tools ?? []).map((t) => (isPlainRecord(t) ? str(t.name) : '?'));
    return cap([`config: ${str(h.config)}`, ...(h.adapterDefaults ? [`adapter defaults: ${str(h.adapterDefaults)}`] : []), `tools: ${tools.join(', ') || '(none)'}`, '', h.system ?? '(no system prompt)'].join('\n'), max);
  }
  const p = projectItem(log.rawAt(seq)) as { content?: unknown; source?: unknown };
  const out: string[] = [];
  if (Array.isArray(p.content)) for (const b of p.content) blockText(b, out, max);
  else if (p.content !== undefined) out.push(str(p.content));
  if (out.length === 0) out.push('(no content)');
  if (isPlainRecord(p.source) && p.source.kind !== 'user' && p.source.kind !== 'tool') out.unshift(`[source ${str(p.source.kind)}${p.source.plugin ? `/${str(p.source.plugin)}` : ''}]`);
  return cap(out.join('\n'), max);
}
