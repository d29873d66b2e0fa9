/** `seqscope grep` output: one line per hit (`path:seq: type: excerpt`), or one JSON line per session with hits. */
import type { GrepHit, SessionGrep } from '../io/log-grep';

// eslint-disable-next-line no-control-regex -- untrusted text printed to a terminal
const safe = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');

export const formatGrepHit = (h: GrepHit): string => `${safe(h.path)}:${h.seq}: ${h.type}: ${h.text}`;

/** A JSON line: the session's path, id and count, and its hits (excerpts masked, with the hit's span). */
export function formatGrepJson(s: SessionGrep): string {
  return JSON.stringify({ path: s.path, id: s.id ?? null, count: s.count, hits: s.hits.map((h) => ({ seq: h.seq, type: h.type, excerpt: h.text, start: h.start, end: h.end })) });
}
