// Bundles bench/phase.ts the way the app ships its code (one ESM bundle, no per-module loader shims).
import { build } from 'vite';
await build({
  configFile: false, logLevel: 'warn', publicDir: false,
  build: { ssr: 'bench/phase.ts', outDir: 'tmp/bench-dist', emptyOutDir: true, minify: false, rollupOptions: { output: { format: 'esm', entryFileNames: 'phase.mjs' } } },
  ssr: { noExternal: true },
});
