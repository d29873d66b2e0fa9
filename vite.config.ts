import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { CSP, SECURITY_HEADERS } from './src/security-headers.ts';
import { nodeBuiltinsAlias } from './src/worker/node-builtins-alias.ts';

/** A <meta> CSP in the built index.html (frame-ancestors is header-only, so the meta tag omits it). */
function cspMeta(): Plugin {
  const meta = CSP.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; ');
  return {
    name: 'seqscope-csp',
    apply: 'build',
    // right after <meta charset>, before any script or stylesheet the policy must cover
    transformIndexHtml(html) {
      const out = html.replace(/(<meta charset="UTF-8" \/>)/, `$1\n    <meta http-equiv="Content-Security-Policy" content="${meta}" />`);
      if (out === html) throw new Error('seqscope-csp: <meta charset="UTF-8" /> not found in index.html; the CSP was not inserted');
      return out;
    },
  };
}

/** After the served build, the single-file build writes dist/bundle-template.html (vite.bundle.config.ts). */
function bundleTemplate(): Plugin {
  return {
    name: 'seqscope-bundle-template',
    apply: 'build',
    async closeBundle() {
      await build({ configFile: new URL('./vite.bundle.config.ts', import.meta.url).pathname, logLevel: 'warn' });
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

// the aliases are the browser's: unit tests run in Node, with the real built-ins
export default defineConfig(({ mode }) => ({
  plugins: [react(), cspMeta(), bundleTemplate()],
  resolve: { alias: mode === 'test' ? [] : nodeBuiltinsAlias(root) },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: { ...SECURITY_HEADERS } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 60_000,
    // Vitest's default for a run is one worker fewer than the cores: one worker on the two-core CI
    // machine. Much of a unit test here waits on a child process (the CLI) or a worker thread, so
    // two files at a time fill that time; VITEST_MAX_WORKERS overrides (1 to debug).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism())),
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
}));
