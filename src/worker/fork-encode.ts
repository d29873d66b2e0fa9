/**
 * A fork export's bytes as the writer worker (./writer.worker.ts) makes them: its plain pieces
 * redacted (every rule and the user's own strings) and/or compressed as DSH frames a `.jsonl.zstd`.
 */
import { writeRedactedFork } from '../io/redact/fork';
import { createFramer } from '../io/zstd-encode';
import type { WriterRedaction } from '../protocol/share-protocol';
import { workerCompressor } from './zstd-compressor';

export async function encodeFork(pieces: Uint8Array[], zstd: boolean, redact: boolean | WriterRedaction): Promise<{ parts: Uint8Array[]; redacted?: number }> {
  const parts: Uint8Array[] = [];
  if (redact) {
    const redacted = await writeRedactedFork({ pieces: () => pieces.values() }, (b) => parts.push(b), {
      encoding: zstd ? 'zstd' : 'jsonl', ...(zstd ? { compress: await workerCompressor() } : {}),
      ...(redact === true ? {} : { extraStrings: redact.extraStrings.filter((s) => s.length > 0) }),
    });
    return { parts, redacted };
  }
  const frame = zstd ? await createFramer({ compress: await workerCompressor() }) : (p: Uint8Array) => p;
  for (const p of pieces) parts.push(frame(p));
  return { parts };
}
