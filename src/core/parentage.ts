import type { SessionHeader } from './types';

/**
 * How a session relates to its parent, from its header, in the words the app uses: a sub-agent
 * (`origin: "subagent"`) is started by its parent and shares no events with it; any other session
 * with a `parentSession` is a fork, seeded with the parent's first `seedLength` events when known.
 * Undefined for a session with no parent.
 */
export function formatParentage(h: SessionHeader): string | undefined {
  if (h.parentSession === undefined) return undefined;
  if (h.origin === 'subagent') return `sub-agent of ${h.parentSession}`;
  return h.seedLength !== undefined && h.seedLength > 0
    ? `forked from ${h.parentSession} at seq ${h.seedLength - 1}`
    : `forked from ${h.parentSession}`;
}
