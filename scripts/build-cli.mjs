// Bundles the CLI (src/cli/main.ts) into dist-cli/seqscope.mjs, which bin/seqscope.js runs, and the
// chunks it imports per command beside it (in the same folder: serve.ts finds dist/ from its own URL).
// Run by `npm run build`, and by bin/seqscope.js when the bundle is missing or older than its sources.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  root, configFile: false, logLevel: 'warn', publicDir: false,
  build: {
    ssr: 'src/cli/main.ts', outDir: 'dist-cli', emptyOutDir: true, minify: false, target: 'node20',
    // libzstd's WASM build reads its .wasm beside its own module, so it stays a package import
    rollupOptions: {
      external: ['@bokuweb/zstd-wasm'],
      output: {
        format: 'esm', entryFileNames: 'seqscope.mjs', chunkFileNames: '[name]-[hash].mjs',
        // the thread `seqscope redact` decodes zstd in runs this chunk: it loads no redaction rules
        codeSplitting: { groups: [{ name: 'redact-thread', test: /src\/(cli\/redact-thread|cli\/file-pieces|io\/redact\/zstd-batches)\.ts$/ }] },
      },
    },
  },
  ssr: { noExternal: true },
});
