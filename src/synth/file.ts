/** Writes a synthetic session to a file, streamed, in DSH's plain or zstd encoding (Node tooling only). */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SessionEvent, SessionHeader } from '../core/types';
import { createFramer } from '../io/zstd-encode';
import { libzstdCompressor } from './libzstd';
import { jsonlParts, type FormatOptions } from './write';

/** `zstd`: libzstd level 3, as DSH writes; `raw-zstd`: the same frames with stored blocks. */
export type Encoding = 'jsonl' | 'zstd' | 'raw-zstd';

/** The frame writer for an encoding (null for plain JSONL). */
async function framerFor(encoding: Encoding): Promise<((plain: Uint8Array) => Uint8Array) | null> {
  if (encoding === 'jsonl') return null;
  return createFramer(encoding === 'zstd' ? await libzstdCompressor(3) : {});
}

/** Streams one session to `path`; returns bytes written, plaintext bytes and frame count. */
export async function writeSession(path: string, header: SessionHeader, events: Iterable<SessionEvent>, encoding: Encoding, fmt: FormatOptions): Promise<{ bytes: number; plainBytes: number; frames: number }> {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  const enc = new TextEncoder();
  const frame = await framerFor(encoding);
  let bytes = 0;
  let plainBytes = 0;
  let frames = 0;
  let pending: Uint8Array[] = [];
  let pendingLen = 0;
  const flush = () => {
    for (const p of pending) writeSync(fd, p);
    pending = [];
    pendingLen = 0;
  };
  try {
    for (const part of jsonlParts(header, events, fmt)) {
      const plain = enc.encode(part);
      const b = frame ? frame(plain) : plain;
      plainBytes += plain.length;
      frames++;
      bytes += b.length;
      pending.push(b);
      pendingLen += b.length;
      if (pendingLen > 1 << 20) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return { bytes, plainBytes, frames };
}
