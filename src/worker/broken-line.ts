/** A record DSH would not read, shown in the Inspector: a window of its raw text, and where and why JSON.parse stops. Pure. */
import type { DroppedRecord } from '../io/record-scanner';
import type { BrokenLine } from '../protocol/worker-protocol';

/** Characters of a broken line sent to the Inspector (Copy line fetches the whole of it). */
const BROKEN_WINDOW = 4000;

/**
 * A record DSH would not read, by physical line: its raw text (the whole of it with `full`, else
 * at most BROKEN_WINDOW characters around the break), and JSON.parse's message and break offset.
 */
export function brokenLineOf(dropped: readonly DroppedRecord[], line: number, full = false): BrokenLine | undefined {
  const d = dropped.find((x) => x.line === line);
  if (!d) return undefined;
  let message: string | undefined, offset: number | undefined;
  const cut = d.length !== undefined;
  const raw = cut ? d.text.slice(0, -1) : d.text; // a cut line ends with '…'
  if (cut) message = `Only the first ${raw.length.toLocaleString('en-US')} of ${d.length.toLocaleString('en-US')} characters were kept, so the break is not located.`;
  else try { JSON.parse(d.text); } catch (e) {
    message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    offset = at ? Number(at[1]) : /end of JSON input|Unterminated/i.test(message) ? d.text.length : undefined;
  }
  const n = raw.length;
  const start = full || n <= BROKEN_WINDOW ? 0 : Math.max(0, Math.min(n - BROKEN_WINDOW, (offset ?? 0) - BROKEN_WINDOW / 2));
  const text = full ? raw : raw.slice(start, start + BROKEN_WINDOW);
  return { line, reason: d.reason, length: d.length ?? n, text, start, ...(message !== undefined ? { message } : {}), ...(offset !== undefined ? { offset } : {}) };
}
