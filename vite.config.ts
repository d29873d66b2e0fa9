import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The Content-Security-Policy of the built app (issue 6): no inline script, no network origin but
 * its own. 'wasm-unsafe-eval' lets xxhash-wasm compile the zstd checksum; blob: workers are allowed
 * for bundlers that inline them. `connect-src 'self'` means `?url=` opens same-origin files only.
 * It applies to the built app (`vite build`, `vite preview`): the dev server's React refresh
 * preamble is an inline script, so `vite` serves without it.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' blob: data:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

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

const securityHeaders = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

export default defineConfig({
  plugins: [react(), cspMeta()],
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: securityHeaders },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
