/**
 * The redaction engine (runs in the session worker and in Node: no DOM or Node APIs). A change to
 * the data, never only to the display: every string of the log at any depth, the header, and the
 * raw text of lines that do not parse. See docs/sharing.md.
 *
 * - `findSecrets(log, options)`: the findings, masked (never the credential).
 * - `redactLog(log, options)`: the redacted lines and a report.
 * - `redactFile(log, write, options)`: the redacted copy as `.jsonl` or `.jsonl.zstd` bytes, in pieces.
 */
import { concatBytes } from '../bytes';
import { BUILTIN_RULE_IDS } from './rules';
import { SECRETLINT_RULE_IDS } from './secretlint';
import { findSecretsIn, redactFile, type LogInput, type RedactFileOptions } from './file';
import type { Finding, RedactOptions, RedactReport } from './types';

export type { Finding, FindingPlace, RedactOptions, RedactReport } from './types';
export { redactFile, type LogEncoding, type LogInput, type LogSource, type RedactFileOptions } from './file';
export { parseUserStrings } from './rules';

/** Every rule id: Seqscope's own, the user's strings, then secretlint's recommended preset. */
export const RULE_IDS: readonly string[] = [...BUILTIN_RULE_IDS, 'user-string', ...SECRETLINT_RULE_IDS];

/** The findings in a log (bytes of a .jsonl or .jsonl.zstd, or its text), in line order of where each was judged. */
export async function findSecrets(log: LogInput, options: RedactOptions & Pick<RedactFileOptions, 'byteText' | 'zstdBatches'> = {}): Promise<Finding[]> {
  return [...(await findSecretsIn(log, options)).findings];
}

export interface RedactedLog {
  /** The lines as written, without their line feeds. */
  readonly lines: readonly string[];
  /** The last line had no line feed (a torn tail), and has none in the copy. */
  readonly torn: boolean;
  readonly report: RedactReport;
}

/** The redacted copy of a log as lines (plain JSONL; see `redactFile` for bytes and zstd). */
export async function redactLog(log: LogInput, options: RedactOptions = {}): Promise<RedactedLog> {
  const chunks: Uint8Array[] = [];
  const report = await redactFile(log, (b) => chunks.push(b), { ...options, encoding: 'jsonl' });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(concatBytes(chunks));
  const torn = text.length > 0 && !text.endsWith('\n');
  const lines = text.split('\n');
  if (!torn) lines.pop();
  return { lines, torn, report };
}
