/**
 * Logs past the old limits for the issue 29 e2e tests, made in the test: a zstd log of more than
 * 400 MiB of plaintext (turns with a bulky tool result, one checksummed frame per 32 turns, as DSH
 * frames its appends), a plain file past 4 GiB that takes no disk (sparse), and a small zstd file
 * whose frame expands past 4 GiB (RLE blocks).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_LOG_PLAINTEXT } from '../src/io/limits';
import { createFramer } from '../src/io/zstd-encode';
import { libzstdCompressor } from '../src/synth/libzstd';
import { assistantMessage, headerRecord, jsonl, stepEnd, stepStart, toolCall, toolResult, turnEnd, turnStart, userMessage } from '../src/testing/builders';

const DIR = join(tmpdir(), 'seqscope-e2e-large');

export interface LargeLog {
  readonly path: string;
  /** Plaintext bytes. */
  readonly plain: number;
  /** Seqs stored (the load adds an end-seed marker). */
  readonly events: number;
  /** The seq of the one tool result that holds NEEDLE. */
  readonly needleSeq: number;
}

export const NEEDLE = 'needle-issue-29-qz';
const TURNS_PER_FRAME = 32;

/** A tool result's text: ~16 KiB of a listing, different in every turn. */
const listing = (turn: number) => Array.from({ length: 300 }, (_, i) => `-rw-r--r-- 1 dev dev ${(turn * 7919 + i * 104729) % 99991} Jan  1 src/module-${turn}-${i}.ts`).join('\n');

/** Turn `t` (seqs 8(t-1) … 8t-1) as closedToolTurn makes it, its tool result holding `text`. */
function turn(t: number, text: string): string {
  const s = (t - 1) * 8;
  return jsonl([
    turnStart(s, t), userMessage(s + 1, `u${t}`, 'run ls'), stepStart(s + 2, t, 1),
    assistantMessage(s + 3, `a${t}`, 'calling', [{ id: `c${t}` }], { turn: t }), toolCall(s + 4, `c${t}`, t, 1),
    toolResult(s + 5, `r${t}`, `c${t}`, text, { turn: t }), stepEnd(s + 6, t, 1), turnEnd(s + 7, t),
  ]);
}

/** Writes (once per machine: reused when present) a zstd log of at least `minPlain` plaintext bytes. */
export async function largeZstdLog(minPlain = 420 << 20): Promise<LargeLog> {
  mkdirSync(DIR, { recursive: true });
  const turns = Math.ceil(minPlain / Buffer.byteLength(turn(1, listing(1)))) + TURNS_PER_FRAME;
  const needleTurn = turns - 40;
  const path = join(DIR, `large-${turns}.jsonl.zstd`), done = `${path}.plain`;
  const log = { path, events: turns * 8, needleSeq: (needleTurn - 1) * 8 + 5 };
  if (existsSync(done)) return { ...log, plain: Number(readFileSync(done, 'utf8')) };
  const frame = await createFramer(await libzstdCompressor(1));
  const fd = openSync(path, 'w');
  let text = jsonl([headerRecord('large-29')]), plain = Buffer.byteLength(text);
  writeSync(fd, frame(text));
  text = '';
  for (let t = 1; t <= turns; t++) {
    text += turn(t, listing(t) + (t === needleTurn ? `\n${NEEDLE}` : ''));
    if (t % TURNS_PER_FRAME === 0 || t === turns) { plain += Buffer.byteLength(text); writeSync(fd, frame(text)); text = ''; }
  }
  closeSync(fd);
  writeFileSync(done, String(plain));
  return { ...log, plain };
}

/** A plain file one byte past the limit, sparse: its size is all the page looks at before refusing it. */
export function oversizePlainFile(): string {
  mkdirSync(DIR, { recursive: true });
  const path = join(DIR, 'over-4-gib.jsonl');
  const fd = openSync(path, 'w');
  writeSync(fd, '{"type":"session","version":0,"id":"big","createdAt":0,"delegationDepth":0}\n');
  writeSync(fd, ' ', MAX_LOG_PLAINTEXT);
  closeSync(fd);
  return path;
}

/** A small zstd log whose second frame declares and holds more than 4 GiB of spaces, in RLE blocks of 128 KiB. */
export async function zstdBombLog(): Promise<Uint8Array> {
  const frame = await createFramer({});
  const head = frame(jsonl([headerRecord('bomb')]));
  const size = MAX_LOG_PLAINTEXT + (1 << 17);
  const blocks = size / (1 << 17);
  const out = new Uint8Array(head.length + 4 + 2 + 8 + blocks * 4);
  out.set(head);
  let p = head.length;
  const put = (...b: number[]) => { for (const x of b) out[p++] = x; };
  put(0x28, 0xb5, 0x2f, 0xfd);
  // frame header: 8-byte content size, a 128 KiB window (not a single segment: libzstd refuses a window that large), no checksum, no dictionary
  put(0xc0, 0x38);
  for (let i = 0, v = size; i < 8; i++, v = Math.floor(v / 256)) put(v % 256);
  for (let b = 0; b < blocks; b++) {
    const hdr = ((1 << 17) << 3) | (1 << 1) | (b === blocks - 1 ? 1 : 0);
    put(hdr & 0xff, (hdr >> 8) & 0xff, (hdr >> 16) & 0xff, 0x20);
  }
  return out;
}
