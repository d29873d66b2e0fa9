import { ZSTDDecoder } from 'zstddec/stream';

/** What the loader needs of libzstd's WASM build (the one zstddec ships); pointers and size_t are 32-bit. */
interface Exports {
  readonly memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  ZSTD_decompress(dst: number, dstCapacity: number, src: number, srcSize: number): number;
  ZSTD_createDCtx(): number;
  ZSTD_freeDCtx(dctx: number): number;
  ZSTD_decompressStream(dctx: number, output: number, input: number): number;
}

/**
 * Plaintext gathers in WASM memory up to this size before the loader takes it (it takes it at about
 * 4 MiB); a frame that does not fit in what is left goes alone, and one larger than all of it is
 * streamed out in pieces of this size.
 */
export const REGION = 8 << 20;
const IMPORTS = { env: { emscripten_notify_memory_growth: () => undefined } };
/** libzstd's error codes are the top 120 values of a 32-bit size_t. */
const isError = (ret: number) => ret >>> 0 > 0xffffff88;
const DST_TOO_SMALL = -70;
/** `decode` results other than a size. */
export const REFUSED = -1;
export const TOO_LARGE = -2;

let compiled: Promise<WebAssembly.Module> | undefined;
/** The module once `compiled` resolved: a decoder can then be made synchronously (`createSync`). */
let ready: WebAssembly.Module | undefined;

/**
 * libzstd compiled for this thread, once. A module compiled in another thread of the same page can
 * be given instead (`adoptZstdModule`): its code, optimized as that thread ran it, comes with it.
 */
export function compileZstd(): Promise<WebAssembly.Module> {
  return (compiled ??= WebAssembly.compile(wasmBytes()).then((m) => (ready = m)));
}

export function adoptZstdModule(module: WebAssembly.Module): void {
  ready = module;
  compiled = Promise.resolve(module);
}

/**
 * zstddec keeps its WASM inline and, on `init`, fetches it from a `data:` URL, which the app's CSP
 * (`connect-src 'self'`) refuses inside the worker. The bytes are read from that URL here instead:
 * `fetch` is swapped, for that one synchronous call, for a function that only records the URL.
 */
function wasmBytes(): Uint8Array<ArrayBuffer> {
  const realFetch = globalThis.fetch;
  let url = '';
  globalThis.fetch = ((input: unknown) => { url = String(input); return Promise.reject(new Error('not fetched')); });
  try {
    new ZSTDDecoder().init().catch(() => undefined);
  } finally {
    globalThis.fetch = realFetch;
  }
  const prefix = 'data:application/wasm;base64,';
  if (!url.startsWith(prefix)) throw new Error('zstddec did not offer its WASM as a data: URL');
  const bin = atob(url.slice(prefix.length));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Decodes complete zstd frames with libzstd (WASM), which also checks each frame's content checksum
 * when the frame asks for one. Decoded plaintext gathers in WASM memory until `take` copies it out,
 * so a log of many small frames is copied once, in large blocks. Each decoder has a WASM instance
 * of its own: its memory grows to what the largest frame needs and is freed with the decoder. A
 * decoder a load released may serve the thread's next load (src/io/zstd.ts keeps two, none grown
 * past 32 MiB), so no large load's peak outlives it.
 */
export class WasmZstd {
  private readonly x: Exports;
  private heap: Uint8Array;
  private view: DataView;
  private readonly region: number;
  private readonly regionBytes: number;
  private used = 0;
  /** Plaintext already copied out (a frame that did not fit, or the region when it filled). */
  private spilled: Uint8Array[] = [];
  private spilledBytes = 0;
  private src = 0;
  private srcCap = 0;

  private constructor(instance: WebAssembly.Instance, regionBytes: number) {
    this.x = instance.exports as unknown as Exports;
    this.heap = new Uint8Array(this.x.memory.buffer);
    this.view = new DataView(this.x.memory.buffer);
    this.regionBytes = regionBytes;
    this.region = this.x.malloc(regionBytes);
    if (!this.region) throw new Error('libzstd (WASM) could not allocate its output region');
  }

  /** `regionBytes`: the output region's size (REGION, but for a decoder of small frames only). */
  static async create(regionBytes = REGION): Promise<WasmZstd> {
    const instance = await WebAssembly.instantiate(await compileZstd(), IMPORTS);
    return new WasmZstd(instance, regionBytes);
  }

  /**
   * A decoder made synchronously, once `compileZstd()` has resolved in this thread (a worker or
   * Node: a browser page's main thread may refuse to instantiate synchronously).
   */
  static createSync(regionBytes = REGION): WasmZstd {
    if (!ready) throw new Error('libzstd (WASM) is not compiled in this thread yet: await compileZstd() first.');
    return new WasmZstd(new WebAssembly.Instance(ready, IMPORTS), regionBytes);
  }

  /** The size of this decoder's WASM memory, in bytes. */
  get memoryBytes(): number {
    return this.x.memory.buffer.byteLength;
  }

  /** Drops the pending plaintext: the decoder is as new (its memory as it grew). */
  clear(): void {
    this.used = 0;
    this.spilled = [];
    this.spilledBytes = 0;
  }

  /** Plaintext decoded and not yet taken, in bytes. */
  get pending(): number {
    return this.spilledBytes + this.used;
  }

  /**
   * Decodes one complete frame onto the pending plaintext: its plaintext size; REFUSED when libzstd
   * refuses it (corrupt data, checksum mismatch, a frame cut short or bytes after its end); or
   * TOO_LARGE when its plaintext exceeds `limit` bytes (a few RLE blocks can claim gigabytes: it is
   * not decoded past the limit). Nothing is added unless the size is returned.
   */
  decode(frame: Uint8Array, limit = Infinity): number {
    // a frame that says it holds more than the limit is not decoded at all
    if (declaredSize(frame) > limit) return TOO_LARGE;
    const x = this.x;
    if (frame.length > this.srcCap) {
      if (this.src) x.free(this.src);
      this.srcCap = Math.max(frame.length, 1 << 16);
      this.src = x.malloc(this.srcCap);
      if (!this.src) { this.srcCap = 0; return REFUSED; }
    }
    this.fresh();
    this.heap.set(frame, this.src);
    let ret = x.ZSTD_decompress(this.region + this.used, this.regionBytes - this.used, this.src, frame.length);
    if (ret === DST_TOO_SMALL && this.used > 0) {
      this.spill();
      ret = x.ZSTD_decompress(this.region, this.regionBytes, this.src, frame.length);
    }
    if (ret === DST_TOO_SMALL) return this.stream(frame.length, limit);
    if (isError(ret)) return REFUSED;
    if (ret > limit) return TOO_LARGE;
    this.used += ret;
    return ret;
  }

  /** The pending plaintext as one array of its own (out of WASM memory), leaving none pending. */
  take(): Uint8Array {
    this.fresh();
    const tail = this.heap.slice(this.region, this.region + this.used);
    this.used = 0;
    if (!this.spilled.length) return tail;
    const parts = [...this.spilled, tail];
    const out = new Uint8Array(this.spilledBytes + tail.length);
    let p = 0;
    for (const part of parts) { out.set(part, p); p += part.length; }
    this.spilled = [];
    this.spilledBytes = 0;
    return out;
  }

  private spill(): void {
    this.fresh();
    this.spilled.push(this.heap.slice(this.region, this.region + this.used));
    this.spilledBytes += this.used;
    this.used = 0;
  }

  /**
   * A frame whose plaintext exceeds the region: streamed through it a region at a time. Under a
   * finite limit it is first streamed without keeping anything, so a frame that passes the limit
   * (a few RLE blocks can claim gigabytes) never holds more than a region of it.
   */
  private stream(srcSize: number, limit: number): number {
    if (limit !== Infinity) {
      const size = this.streamPass(srcSize, limit, false);
      if (size < 0) return size;
    }
    return this.streamPass(srcSize, limit, true);
  }

  private streamPass(srcSize: number, limit: number, keep: boolean): number {
    const x = this.x;
    const dctx = x.ZSTD_createDCtx();
    // ZSTD_inBuffer and ZSTD_outBuffer: { pointer, size, pos }
    const io = x.malloc(24);
    if (!dctx || !io) { if (dctx) x.ZSTD_freeDCtx(dctx); if (io) x.free(io); return REFUSED; }
    const parts: Uint8Array[] = [];
    let total = 0;
    try {
      this.fresh();
      this.view.setUint32(io, this.src, true);
      this.view.setUint32(io + 4, srcSize, true);
      this.view.setUint32(io + 8, 0, true);
      for (;;) {
        this.view.setUint32(io + 12, this.region, true);
        this.view.setUint32(io + 16, this.regionBytes, true);
        this.view.setUint32(io + 20, 0, true);
        const ret = x.ZSTD_decompressStream(dctx, io + 12, io);
        this.fresh();
        if (isError(ret)) return REFUSED;
        const produced = this.view.getUint32(io + 20, true);
        const consumed = this.view.getUint32(io + 8, true);
        if (keep) parts.push(this.heap.slice(this.region, this.region + produced));
        total += produced;
        if (total > limit) return TOO_LARGE;
        if (ret === 0) {
          if (consumed !== srcSize) return REFUSED;
          break;
        }
        // more output is due only when the region filled; otherwise the frame was cut short
        if (produced < this.regionBytes) return REFUSED;
      }
    } finally {
      x.ZSTD_freeDCtx(dctx);
      x.free(io);
    }
    if (keep) {
      this.spilled.push(...parts);
      this.spilledBytes += total;
    }
    return total;
  }

  /** Memory growth detaches the views: renew them after any call that may have grown it. */
  private fresh(): void {
    if (this.heap.buffer !== this.x.memory.buffer) {
      this.heap = new Uint8Array(this.x.memory.buffer);
      this.view = new DataView(this.x.memory.buffer);
    }
  }
}

/** A zstd frame's declared content size (Frame_Content_Size, RFC 8878 §3.1.1.1.4), or -1 when it has none. */
export function declaredSize(frame: Uint8Array): number {
  if (frame.length < 6) return -1;
  const fhd = frame[4], flag = fhd >> 6, single = (fhd >> 5) & 1;
  const bytes = flag ? 1 << flag : single ? 1 : 0;
  const at = 5 + (single ? 0 : 1) + [0, 1, 2, 4][fhd & 3];
  if (bytes === 0 || at + bytes > frame.length) return -1;
  let v = 0;
  for (let i = bytes - 1; i >= 0; i--) v = v * 256 + frame[at + i];
  return bytes === 2 ? v + 256 : v;
}
