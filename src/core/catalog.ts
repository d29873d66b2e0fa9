/**
 * The known-event catalog: the one data module that names event types.
 * Mirrors DSH 0.1.1-rc.2 `KNOWN_SESSION_EVENT_TYPES` (48 names). A type outside this list
 * loads only when the event carries `ignorable: true`.
 */
export const KNOWN_EVENT_TYPES: readonly string[] = Object.freeze([
  'agent-preset/selected', 'agent/inbox/spliced', 'approval/asked', 'approval/decided',
  'approval/policy', 'assistant/chunk', 'assistant/message', 'command/done', 'command/run',
  'compaction/end', 'compaction/prune', 'compaction/start', 'compaction/summary',
  'feedback/record', 'goal/change', 'hook/invoked', 'hook/result', 'llm/retry',
  'llm/retry-started', 'permission/preset', 'plan/mode', 'request/context', 'request/header',
  'sandbox/mode', 'schedule/change', 'session/end-seed', 'session/title',
  'session/title-llm-request', 'step/end', 'step/start', 'subagent/descriptor', 'team/member',
  'team/message/delivered', 'team/message/queued', 'team/task', 'todo/write',
  'tool-workflow/agent-end', 'tool-workflow/agent-start', 'tool-workflow/run-end',
  'tool-workflow/run-start', 'tool/call', 'tool/code-dispatch', 'tool/code-dispatch-start',
  'tool/result', 'turn/end', 'turn/start', 'user/message', 'web/deepseek-search-llm-request',
]);

const KNOWN = new Set(KNOWN_EVENT_TYPES);

export function isKnownEventType(type: string): boolean {
  return KNOWN.has(type);
}

/** One of the three surface-eligible types. Changing this set is a format-version event. */
export function isSurfaceEligibleType(type: unknown): boolean {
  return type === 'user/message' || type === 'assistant/message' || type === 'tool/result';
}

/** Storage-only packed chunk row tags (never events). */
export const ROW_TAGS = Object.freeze({
  'text-chunks': 'text-delta',
  'reasoning-chunks': 'reasoning-delta',
  'tool-call-chunks': 'tool-call-delta',
} as const);

export type RowTag = keyof typeof ROW_TAGS;

export function isRowTag(type: unknown): type is RowTag {
  return type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks';
}

/** Only header version this build reads. */
export const SESSION_FORMAT_VERSION = 0;

/** Envelope keys an event may carry. */
export const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['type', 'seq', 'time', 'data', 'surfaceOp', 'sourceEventSeqs', 'ignorable']);

/** Families used by the viewer's filters: the part before the first slash. */
export function eventFamily(type: unknown): string {
  if (typeof type !== 'string') return '(no type)';
  const i = type.indexOf('/');
  return i < 0 ? type : type.slice(0, i);
}
