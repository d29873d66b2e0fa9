import { SESSION_FORMAT_VERSION } from './catalog';
import { SessionError, isPlainRecord, isSafeNonNegInt } from './errors';
import { HEADER_KEYS, type SessionHeader } from './types';

/** `cwd` is absolute when it starts with `/`, a drive (`C:\`, `C:/`) or `\\` (decisions §3.4). */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || p.startsWith('\\\\') || /^[A-Za-z]:[\\/]/.test(p);
}

const isStrictCount = (v: unknown) => isSafeNonNegInt(v) && !Object.is(v, -0);

/**
 * Stage 1, the JSONL header gate (persistence.md §1.2). Returns the header with only the known
 * keys, or throws: `unsupported` for a numeric version other than 0, `corrupt` otherwise.
 */
export function parseHeaderRecord(v: unknown): SessionHeader {
  if (isPlainRecord(v) && typeof v.version === 'number' && v.version !== SESSION_FORMAT_VERSION) {
    const newer = v.version > SESSION_FORMAT_VERSION;
    const id = typeof v.id === 'string' ? v.id : '?';
    throw new SessionError('header-version', newer
      ? `Session "${id}" uses log format v${v.version}, which is newer than the v0 this viewer reads (written by a newer harness).`
      : `Session "${id}" uses log format v${v.version}, older than v0, and no upgrade path ships.`, { kind: 'unsupported', line: 1 });
  }
  const bad = (why: string) => new SessionError('header-shape', `Line 1 is not a session header: ${why}.`, { line: 1 });
  if (!isPlainRecord(v)) throw bad('it is not a JSON object');
  if (v.type !== 'session') throw bad('its type is not "session"');
  if (typeof v.version !== 'number') throw bad('version is not a number');
  if (typeof v.id !== 'string') throw bad('id is not a string');
  if (!isStrictCount(v.createdAt)) throw bad('createdAt is not a non-negative safe integer');
  if (!isStrictCount(v.delegationDepth)) throw bad('delegationDepth is missing or not a non-negative safe integer');
  if (v.origin !== undefined && v.origin !== 'subagent') throw bad('origin is not "subagent"');
  if (v.agentPreset !== undefined && typeof v.agentPreset !== 'string') throw bad('agentPreset is not a string');
  if ('sandboxMode' in v || 'approvalPolicy' in v) {
    throw new SessionError('header-retired', 'Line 1 carries the retired policy baseline fields sandboxMode/approvalPolicy.', { line: 1 });
  }
  const out: Record<string, unknown> = {};
  for (const k of HEADER_KEYS) if (v[k] !== undefined) out[k] = v[k];
  return out as unknown as SessionHeader;
}

/**
 * Stage 2, session admission (core.md §1.2): the checks run in order and the first failure wins.
 */
export function validateSessionHeader(h: unknown, sessionId?: string): SessionHeader {
  const fail = (what: string) => new SessionError('header-field', `Session header ${what}.`, { line: 1 });
  if (!isPlainRecord(h)) throw fail('is not a plain JSON record');
  if (h.version !== SESSION_FORMAT_VERSION) throw fail('version must be 0');
  if (typeof h.id !== 'string' || (sessionId !== undefined && h.id !== sessionId)) throw fail('id does not match session id');
  if (!isSafeNonNegInt(h.createdAt)) throw fail('createdAt must be a non-negative safe integer');
  if (h.cwd !== undefined && typeof h.cwd !== 'string') throw fail('cwd must be a string');
  if (typeof h.cwd === 'string' && !isAbsolutePath(h.cwd)) throw fail(`cwd must be an absolute path, got ${JSON.stringify(h.cwd)}`);
  if (h.parentSession !== undefined && typeof h.parentSession !== 'string') throw fail('parentSession must be a string');
  if (h.seedLength !== undefined && !isSafeNonNegInt(h.seedLength)) throw fail('seedLength must be a non-negative safe integer');
  if (h.origin !== undefined && h.origin !== 'subagent') throw fail('origin must be "subagent"');
  if (h.delegationDepth !== undefined && !isSafeNonNegInt(h.delegationDepth)) throw fail('delegationDepth must be a non-negative safe integer');
  if (h.agentPreset !== undefined && typeof h.agentPreset !== 'string') throw fail('agentPreset must be a string');
  return h as unknown as SessionHeader;
}
