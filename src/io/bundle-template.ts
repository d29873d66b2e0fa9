/**
 * The bundle template from the single-file build (`vite.bundle.config.ts`): the app's script and
 * styles inline, all ASCII (the page is read as windows-1252, ./bundle-file), a CSP that lets only
 * that one script run, and the marker where a bundle's data goes. Pure; the build hashes the script.
 */
/**
 * Where the template takes a bundle's data (src/io/bundle-file.ts): the facts and the log's first
 * pieces after the first script and before the app's, the rest of the log after the app's script.
 */
export const BUNDLE_MARKER = '<!--seqscope-bundle-data-->';
export const BUNDLE_REST_MARKER = '<!--seqscope-bundle-rest-->';
/** The name of the template's <meta> that says the page is a bundle. */
export const BUNDLE_PAGE_META = 'seqscope-bundle';

const hex4 = (c: number) => c.toString(16).padStart(4, '0');

/**
 * Script text as ASCII that no HTML parser can end early: every non-ASCII UTF-16 unit as `\uXXXX`
 * (valid in strings, templates, regular expressions, identifiers and comments alike), and `<` as
 * `\x3C` where it would start `</script` or `<!--` (which only occur inside strings and patterns).
 */
export function escapeInlineScript(js: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
  return js.replace(/[^\x00-\x7f]/g, (c) => '\\u' + hex4(c.charCodeAt(0))).replace(/<(?=\/script|!--)/gi, '\\x3C');
}

/** Style text as ASCII: every non-ASCII code point as a CSS escape, and no `</style`. */
export function escapeInlineStyle(css: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
  return css.replace(/[^\x00-\x7f]/gu, (c) => '\\' + c.codePointAt(0)!.toString(16) + ' ').replace(/<\/style/gi, '\\3C/style');
}

export interface TemplateParts {
  /** The built index.html, its script and stylesheet tags still pointing at files. */
  readonly html: string;
  /** The first script (a classic script: src/app/bundle-boot.ts) and the app's (a module). */
  readonly boot: string;
  readonly js: string;
  readonly css: string;
  /** The CSP's content for the inline scripts' final texts (see `bundleCsp` in src/security-headers.ts). */
  readonly cspFor: (scripts: readonly string[]) => string;
  readonly favicon?: string;
}

/**
 * The template: `<meta charset="windows-1252">` first, the CSP, `<meta name="seqscope-bundle">`
 * (the page knows it is a bundle before its data is parsed), the styles in the head. In the body:
 * the first script (it starts the workers and the load as the parser reaches the log), the marker
 * for the facts and the log's first pieces, the app's script (`async`: it starts while the parser
 * still reads the rest of the log), and the marker for that rest.
 */
export function formatBundleTemplate(p: TemplateParts): string {
  const icon = p.favicon ? `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(p.favicon)}" />` : '';
  const script = escapeInlineScript(p.js), boot = escapeInlineScript(p.boot);
  const head = `<meta charset="windows-1252" />\n    <meta http-equiv="Content-Security-Policy" content="${p.cspFor([boot, script])}" />\n    <meta name="${BUNDLE_PAGE_META}" content="1" />`;
  // replacements are functions: the script is full of `$`, which a replacement string would read as patterns
  let html = p.html
    .replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/gi, '')
    .replace(/\s*<script type="module"[^>]*src="[^"]*"[^>]*><\/script>/gi, '')
    .replace(/\s*<link rel="(?:stylesheet|modulepreload)"[^>]*>/gi, '')
    .replace(/<link rel="icon"[^>]*>/i, () => icon);
  const parts = [/<meta charset="UTF-8" \/>/i, /<\/head>/i, /<\/body>/i];
  if (!parts.every((re) => re.test(html))) throw new Error('bundle template: index.html lacks <meta charset="UTF-8" />, </head> or </body>');
  html = html
    .replace(parts[0], () => head)
    .replace(parts[1], () => `  <style>${escapeInlineStyle(p.css)}</style>\n  </head>`)
    .replace(parts[2], () => `  <script>${boot}</script>\n    ${BUNDLE_MARKER}\n    <script>${script}</script>\n    ${BUNDLE_REST_MARKER}\n  </body>`);
  return html;
}
