/**
 * Where redacted lines go: plain text, or zstd frames. From zstd input the output keeps the input's
 * frames: a frame whose lines all come out as they were read is written as it was read, byte for
 * byte (its checksum and compression as they were); a frame holding a change is encoded again from
 * its lines; a torn final frame stays torn (its checksum trailer left off). Plain input written as
 * zstd gets DSH's framing: the header line alone, then frames of about 1 MiB, its torn tail in a
 * torn final frame. Output goes to `write` in pieces of about PIECE bytes.
 */
import { concatBytes } from '../bytes';
import { createFramer, type FrameCompressor } from '../zstd-encode';

export type LogEncoding = 'jsonl' | 'zstd';

/** The tag of the lines that end in a torn final frame. */
export const TORN = Symbol('torn');
const FRAME_TARGET = 1 << 20;
export const PIECE = 4 << 20;
const enc = new TextEncoder();
const LF = new Uint8Array([10]);

/**
 * Bytes gathered from lines (their own bytes, or new text encoded) or frames. Arrays that lay one
 * after another in the same buffer are taken as one range of it: copying a million small arrays
 * costs more than the few large ones they come from.
 */
export class Gather {
  private parts: Uint8Array[] = [];
  size = 0;
  /** The range being extended: its bytes' buffer, start and end (offsets in that buffer). */
  private run: { buf: ArrayBufferLike; start: number; end: number; lf: boolean } | null = null;
  add(line: string | Uint8Array, lf: boolean): void {
    if (typeof line !== 'string') {
      const r = this.run;
      // the previous array (with its LF, when it had one) ended right before this one, in the same buffer
      if (r && r.buf === line.buffer && r.end + (r.lf ? 1 : 0) === line.byteOffset) { r.end = line.byteOffset + line.length; r.lf = lf; this.size += line.length + (lf ? 1 : 0); return; }
      this.close();
      this.run = { buf: line.buffer, start: line.byteOffset, end: line.byteOffset + line.length, lf };
      this.size += line.length + (lf ? 1 : 0);
      return;
    }
    this.close();
    const b = enc.encode(line);
    this.parts.push(b);
    this.size += b.length;
    if (lf) { this.parts.push(LF); this.size++; }
  }
  private close(): void {
    const r = this.run;
    if (!r) return;
    // the run's LFs are in the input; its last line's LF lies right after `end` when it has one
    this.parts.push(new Uint8Array(r.buf as ArrayBuffer, r.start, r.end - r.start + (r.lf ? 1 : 0)));
    this.run = null;
  }
  /** The gathered bytes as a list of arrays. */
  takeParts(): Uint8Array[] {
    this.close();
    const out = this.parts;
    this.parts = []; this.size = 0;
    return out;
  }
  take(): Uint8Array {
    return concatBytes(this.takeParts());
  }
}

/** Receives the redacted lines in order, and (zstd input) the input's frames before their lines. */
export interface LineSink {
  /**
   * A line as final: its bytes as read when nothing in it changed, else its new text; `lf`: it
   * ends with a line feed; `read`: its length as read, in bytes, its LF included.
   */
  line(line: string | Uint8Array, lf: boolean, read: number): void;
  /**
   * The next complete input frames as read, one after another in `packed`: frame k ends at
   * `packedEnds[k]` there, and its plaintext at `plainEnds[k]` in the batch's plaintext.
   */
  frames?(packed: Uint8Array, packedEnds: Uint32Array, plainEnds: Uint32Array): void;
  /** The input ended inside a frame: the lines left are its completed blocks' plaintext. */
  torn?(): void;
  end(): void;
}

/** The sink writing `out` from input of encoding `from`. */
export async function lineWriter(out: LogEncoding, from: LogEncoding, write: (b: Uint8Array) => void, compress?: FrameCompressor): Promise<LineSink> {
  const buf = new Gather();
  const emit = (b: Uint8Array) => { buf.add(b, false); if (buf.size >= PIECE) for (const p of buf.takeParts()) write(p); };
  const done = () => { for (const p of buf.takeParts()) write(p); };
  if (out === 'jsonl') {
    return {
      line: (line, lf) => { buf.add(line, lf); if (buf.size >= PIECE) for (const p of buf.takeParts()) write(p); },
      end: done,
    };
  }
  const frame = await createFramer(compress ? { compress } : {});
  const tornFrame = (plain: Uint8Array) => { const f = frame(plain); return f.subarray(0, f.length - 4); };
  return from === 'zstd' ? framesKept(frame, tornFrame, emit, done) : framesOfPlain(frame, tornFrame, emit, done);
}

type Frame = (plain: Uint8Array) => Uint8Array;

/** Plain input: the header alone, then frames of about FRAME_TARGET, a torn tail in a torn final frame. */
function framesOfPlain(frame: Frame, tornFrame: Frame, emit: (b: Uint8Array) => void, done: () => void): LineSink {
  const lines = new Gather();
  let n = 0, cur: number | typeof TORN = 0;
  return {
    line: (line, lf) => {
      n++;
      const t = !lf ? TORN : n === 1 ? 0 : n === 2 || lines.size >= FRAME_TARGET ? n : cur;
      if (n > 1 && t !== cur) emit(frame(lines.take()));
      cur = t;
      lines.add(line, lf);
    },
    end: () => {
      if (cur === TORN) emit(tornFrame(lines.take())); else if (n) emit(frame(lines.take()));
      done();
    },
  };
}

/**
 * zstd input: the output has the input's frames, each holding what the input frame held, redacted.
 * A frame none of whose lines changed is written as it was read (frames written so one after
 * another go out as one range of their batch); a frame holding part of a changed line is encoded
 * again. A line split across frames is split where it was, or, changed, at the same byte offset
 * (at most its new length), so a record torn across frames stays torn across them; a torn final
 * frame stays torn (its completed blocks' plaintext, redacted, in a frame without its checksum).
 */
function framesKept(frame: Frame, tornFrame: Frame, emit: (b: Uint8Array) => void, done: () => void): LineSink {
  interface Batch { packed: Uint8Array; packedEnds: Uint32Array; ends: number[] }
  const batches: Batch[] = [];
  /** The frame being filled: batch `bi`, its frame `k`, ending at plaintext offset `frameEnd` (Infinity: the torn frame, or none yet). */
  let bi = 0, k = 0, frameEnd = Infinity, base = 0;
  /** Plaintext offset where the next line begins. */
  let pos = 0;
  /** The output of the frame being filled, and whether a changed line has bytes in it. */
  const parts = new Gather();
  let changed = false, torn = false;
  /** Frames as read, not yet emitted: `[start, end)` of `run.packed`. */
  let run: Batch | undefined, start = 0, end = 0;
  const flushRun = () => { if (run) emit(run.packed.subarray(start, end)); run = undefined; };
  const current = () => { const b = batches[bi]; frameEnd = b && k < b.ends.length ? b.ends[k] : Infinity; };
  /** The frame being filled is complete: written as read, or anew from its parts. */
  const close = () => {
    const b = batches[bi];
    if (!changed) {
      parts.takeParts();
      const s = k ? b.packedEnds[k - 1] : 0;
      if (run !== b || end !== s) { flushRun(); run = b; start = s; }
      end = b.packedEnds[k];
    } else { flushRun(); emit(frame(parts.take())); }
    changed = false;
    if (++k === b.ends.length) { flushRun(); batches[bi] = undefined as unknown as Batch; bi++; k = 0; }
    current();
  };
  return {
    frames: (packed, packedEnds, plainEnds) => {
      const ends = Array.from(plainEnds, (e) => base + e);
      base += plainEnds.length ? plainEnds[plainEnds.length - 1] : 0;
      batches.push({ packed, packedEnds, ends });
      current();
    },
    torn: () => { torn = true; },
    line: (line, lf, read) => {
      const isNew = typeof line === 'string';
      // the line's bytes as written: a changed line is cut where its bytes as read were, at most at its new length
      const bytes = isNew ? enc.encode(line) : line;
      const size = bytes.length, lineEnd = pos + read;
      let taken = 0;
      while (lineEnd > frameEnd) {
        const cut = Math.min(frameEnd - pos, size);
        if (cut > taken) { parts.add(bytes.subarray(taken, cut), false); if (isNew) changed = true; }
        taken = cut;
        close();
      }
      if (isNew && (size > taken || lf)) changed = true;
      // a line as read has its LF right after it in the same buffer (Gather takes it from there)
      const rest = taken ? bytes.subarray(taken) : bytes;
      if (isNew) { parts.add(rest, false); if (lf) parts.add(LF, false); } else parts.add(rest, lf);
      pos = lineEnd;
      while (pos === frameEnd) close();
    },
    end: () => {
      // frames left hold nothing (empty frames after the last line)
      while (frameEnd !== Infinity) close();
      flushRun();
      if (torn) emit(tornFrame(parts.take()));
      done();
    },
  };
}
