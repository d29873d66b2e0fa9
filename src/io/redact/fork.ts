/**
 * A fork export (src/io/export.ts) with every credential redacted (the same engine as `seqscope
 * redact`), written as `encoding` (zstd frames compressed with `compress`) a piece at a time to
 * `write`; `redacted` counts the findings replaced. Run by the writer worker, never by the session
 * worker, which carries none of the engine.
 */
import type { FrameCompressor } from '../zstd-encode';
import { redactFile } from './file';
import type { RedactOptions } from './index';

export async function writeRedactedFork(x: { pieces(): Iterable<Uint8Array> }, write: (b: Uint8Array) => void, opts: RedactOptions & { encoding: 'jsonl' | 'zstd'; compress?: FrameCompressor }): Promise<number> {
  const report = await redactFile({ pieces: () => x.pieces() }, (b) => write(b.slice()), opts);
  return report.redacted;
}
