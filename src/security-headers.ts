/**
 * The Content-Security-Policy of the built app (issue 6): no inline script, no network origin but
 * its own. 'wasm-unsafe-eval' lets xxhash-wasm compile the zstd checksum; blob: workers are allowed
 * for bundlers that inline them. `connect-src 'self'` means `?url=` opens same-origin files only.
 * It applies to the built app (`vite build`, `vite preview`, `seqscope serve`): the dev server's
 * React refresh preamble is an inline script, so `vite` serves without it.
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

/** Headers every response of the built app carries (vite preview and seqscope serve alike). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

/**
 * The CSP of a bundle (a single `.html` opened from disk): the served policy with `'self'` (which
 * means nothing useful on `file:`) taken away, so only the page's own inline scripts run, each
 * named by its SHA-256 (base64) in `scriptHashes`, workers come only from blob: URLs the page
 * made, and nothing is fetched. A <meta> policy cannot carry frame-ancestors.
 */
export function bundleCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scriptHashes.map((h) => `'sha256-${h}'`).join(' ')} 'wasm-unsafe-eval'`,
    'worker-src blob:',
    "connect-src 'none'",
    'img-src blob: data:',
    "style-src 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
