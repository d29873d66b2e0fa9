/**
 * What the session worker compiles before its first load: its own code and every module it imports,
 * dynamically too (the bundle inlines those), but not the code of the workers it starts. The
 * redaction engine and the zstd compressor run in the writer worker (./writer-client.ts), so none
 * of their modules is among the session worker's, while the writer holds them.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function modulesOf(entry: string): Promise<string[]> {
  const out = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname], bundle: true, write: false, metafile: true, format: 'esm', platform: 'browser',
    external: ['node:*', 'crypto', 'fs', 'path', 'module', 'url', 'worker_threads'], logLevel: 'silent', loader: { '.wasm': 'empty' },
  });
  return Object.keys(out.metafile.inputs);
}

const WRITER_ONLY = [/src\/io\/redact\//, /node_modules\/@secretlint\//, /node_modules\/node-forge\//, /node_modules\/@bokuweb\/zstd-wasm\//, /src\/worker\/zstd-compressor\.ts$/, /src\/worker\/share\.ts$/];

describe('the session worker\'s code', () => {
  it('holds none of the redaction engine or the compressor; the writer worker holds them', async () => {
    const session = await modulesOf('./session.worker.ts');
    expect(session.some((m) => m.endsWith('src/io/load.ts')), 'the loader is the session worker\'s').toBe(true);
    expect(session.filter((m) => WRITER_ONLY.some((re) => re.test(m)))).toEqual([]);
    const writer = await modulesOf('./writer.worker.ts');
    for (const re of [/src\/io\/redact\//, /node_modules\/@bokuweb\/zstd-wasm\//]) expect(writer.some((m) => re.test(m)), String(re)).toBe(true);
  }, 60_000);
});
