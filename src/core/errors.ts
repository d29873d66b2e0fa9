/** Error codes carried by every refusal and validation failure. */
export type RefusalKind = 'corrupt' | 'unsupported';

/**
 * A validation or load failure: a code, one sentence, and where known the seq and the
 * physical line (1-based, header = line 1).
 */
export class SessionError extends Error {
  readonly code: string;
  readonly kind: RefusalKind;
  seq?: number;
  line?: number;
  constructor(code: string, message: string, opts: { kind?: RefusalKind; seq?: number; line?: number } = {}) {
    super(message);
    this.name = 'SessionError';
    this.code = code;
    this.kind = opts.kind ?? 'corrupt';
    if (opts.seq !== undefined) this.seq = opts.seq;
    if (opts.line !== undefined) this.line = opts.line;
  }
}

export function isSafeNonNegInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

export function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
