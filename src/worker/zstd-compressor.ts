/**
 * Real zstd compression in the session worker, for the `.jsonl.zstd` files the viewer writes (the
 * Share review's redacted copy, the fork export): libzstd's one-shot `ZSTD_compress` at level 3,
 * DSH's writer's level (persistence.md §2.2), from the WASM build of `@bokuweb/zstd-wasm` (the
 * library the CLI compresses with). Its frames carry no checksum; the framer
 * (src/io/zstd-encode) adds the flag and the XXH64 trailer, as DSH's writer does.
 *
 * The package fetches its `.wasm` from the URL the build gives it: a file beside the served app
 * (same origin, which `connect-src 'self'` allows), or a `data:` URL in the single-file bundle,
 * whose CSP fetches nothing. So `fetch` is swapped, for the one synchronous call that starts it,
 * for a function that reads a `data:` URL here and passes any other to the real fetch; its outcome
 * is awaited first, so a failure is an error with a sentence rather than a start that never ends.
 */
import type { FrameCompressor } from '../io/zstd-encode';

let started: Promise<FrameCompressor> | undefined;

function dataUrlResponse(url: string): Response {
  const comma = url.indexOf(',');
  const bin = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } });
}

const LEVEL = 3;

async function start(): Promise<FrameCompressor> {
  const z = await import('@bokuweb/zstd-wasm');
  const realFetch = globalThis.fetch;
  let got: Promise<Response> | undefined;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    got = url.startsWith('data:') ? Promise.resolve(dataUrlResponse(url)) : realFetch(input, init);
    return got;
  });
  let ready: Promise<void>;
  try {
    ready = z.init();
  } finally {
    globalThis.fetch = realFetch;
  }
  if (got) {
    const res = await got.catch((err: unknown) => { throw new Error(`zstd compression could not start: its WebAssembly was not read (${(err as Error).message})`); });
    if (!res.ok) throw new Error(`zstd compression could not start: its WebAssembly was not found (${res.status})`);
  }
  await ready;
  return (plain) => z.compress(plain, LEVEL);
}

/** libzstd's compressor, started once per worker. */
export function workerCompressor(): Promise<FrameCompressor> {
  const p = (started ??= start());
  // a failed start may be tried again
  p.catch(() => { if (started === p) started = undefined; });
  return p;
}
