/**
 * A zstd log's frames as a log's backing: the compressed bytes stay where they are (the file, or
 * the bytes that came), an index says where each complete frame lies in them and in the plaintext,
 * and a line is read by decoding its frame again. A log of any length keeps its compressed size
 * (or a few pages of it), 16 bytes a frame, and about a MiB of decoded frames.
 */
import { TypedColumn } from '../core/columns';
import type { ByteBacking } from '../core/log-bytes';
import type { SyncRead } from './paged-backing';

/** Decodes one complete frame (already validated by the load) to its plaintext, an array of its own. */
export type SyncFrameDecoder = (frame: Uint8Array) => Uint8Array;

/** Decoded frames kept, in bytes (the last one decoded is kept whatever its size). */
const CACHE_BYTES = 1 << 20;

export class ZstdFrameBacking implements ByteBacking {
  /** Per frame, in file order: where it ends in the compressed bytes and in the plaintext. */
  private readonly cEnd = new TypedColumn((n) => new Float64Array(n), 1024);
  private readonly pEnd = new TypedColumn((n) => new Float64Array(n), 1024);
  private readonly cache = new Map<number, Uint8Array>();
  private cached = 0;

  /** `compressed`: reads the file's bytes; `heldCompressed`: how many of them it holds in memory. */
  constructor(private readonly compressed: SyncRead, private readonly decode: SyncFrameDecoder, private readonly heldCompressed: () => number) {}

  get covered(): number {
    const n = this.pEnd.length;
    return n ? this.pEnd.at(n - 1) : 0;
  }

  get frameCount(): number {
    return this.pEnd.length;
  }

  get heldBytes(): number {
    return this.cached + this.heldCompressed() + this.cEnd.byteLength + this.pEnd.byteLength;
  }

  /** The next complete frame: it ends at byte `cEnd` of the file and holds `plainBytes` of plaintext. */
  addFrame(cEnd: number, plainBytes: number): void {
    this.cEnd.push(cEnd);
    this.pEnd.push(this.covered + plainBytes);
  }

  /** Frames as [compressed end, plaintext bytes] pairs, in file order (a decoded block's index). */
  addFrames(pairs: Float64Array): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) this.addFrame(pairs[i], pairs[i + 1]);
  }

  read(start: number, end: number): Uint8Array {
    if (start < 0 || end > this.covered || start > end) throw new RangeError(`plaintext bytes ${start}-${end} are outside the frames read (${this.covered})`);
    let k = this.frameAt(start);
    const p0 = k ? this.pEnd.at(k - 1) : 0;
    if (end <= this.pEnd.at(k)) return this.frame(k).subarray(start - p0, end - p0);
    const out = new Uint8Array(end - start);
    for (let p = start; p < end; k++) {
      const f0 = k ? this.pEnd.at(k - 1) : 0, f = this.frame(k), take = Math.min(end, f0 + f.length);
      out.set(f.subarray(p - f0, take - f0), p - start);
      p = take;
    }
    return out;
  }

  /** The frame holding plaintext byte `offset`: the first whose plaintext ends past it. */
  private frameAt(offset: number): number {
    const ends = this.pEnd.view();
    let lo = 0, hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] > offset) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  private frame(k: number): Uint8Array {
    let f = this.cache.get(k);
    if (f) { this.cache.delete(k); this.cache.set(k, f); return f; }
    f = this.decode(this.compressed(k ? this.cEnd.at(k - 1) : 0, this.cEnd.at(k)));
    const want = this.pEnd.at(k) - (k ? this.pEnd.at(k - 1) : 0);
    if (f.length !== want) throw new Error(`Frame ${k + 1} decoded to ${f.length} bytes, not the ${want} it held when the log was read: the file changed.`);
    for (const [key, v] of this.cache) {
      if (this.cached + f.length <= CACHE_BYTES) break;
      this.cache.delete(key);
      this.cached -= v.length;
    }
    this.cache.set(k, f);
    this.cached += f.length;
    return f;
  }
}
