import { decompress } from 'fzstd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmSampleFrames, warmZstd } from './zstd-warm';

const text = (b: Uint8Array) => new TextDecoder().decode(b);

afterEach(() => { vi.restoreAllMocks(); });

describe('warming libzstd', () => {
  it('warms on 16 frames of a session log as DSH writes them, each with a content checksum', () => {
    const frames = warmSampleFrames();
    expect(frames.length).toBe(16);
    // Frame_Header_Descriptor (the byte after the magic number), bit 2: Content_Checksum_flag
    for (const f of frames) expect(f[4] & 0x04, 'content checksum flag').toBe(0x04);
    const lines = frames.map((f) => text(decompress(f))).join('').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(frames.length);
    // event records (`seq`) and chunk rows (`seq0`, DSH's compact form of a run of chunks)
    for (const l of lines) {
      const r = JSON.parse(l) as { type: unknown; seq?: unknown; seq0?: unknown };
      expect(typeof r.type).toBe('string');
      expect(typeof (r.seq ?? r.seq0)).toBe('number');
    }
  });

  it('decodes the sample once per round, to the bytes an independent decoder gives', async () => {
    const plain = warmSampleFrames().reduce((n, f) => n + decompress(f).length, 0);
    expect(plain).toBeGreaterThan(0);
    expect(await warmZstd(3)).toBe(3 * plain);
  });

  it('a module adopted from another thread is instantiated as it is, not compiled again', async () => {
    const elsewhere = await (await import('./zstd-wasm')).compileZstd();
    vi.resetModules();
    const fresh = await import('./zstd-wasm');
    const compile = vi.spyOn(WebAssembly, 'compile');
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    fresh.adoptZstdModule(elsewhere);
    const z = await fresh.WasmZstd.create();
    expect(z.decode(warmSampleFrames()[0])).toBeGreaterThan(0);
    expect(compile).not.toHaveBeenCalled();
    expect(instantiate.mock.calls[0][0]).toBe(elsewhere);
  });
});
