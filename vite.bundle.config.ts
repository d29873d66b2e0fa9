/**
 * The single-file build: the app as one `dist/bundle-template.html` (script, styles, workers and
 * WASM inline), the template every bundle is made from (src/io/bundle-file.ts). The served build
 * (vite.config.ts) runs it once it is written, so `vite build` and `npm run build` make both and
 * the served app can fetch its template. Workers become blob: URLs made from inlined code, since a
 * page opened from disk may start no worker from a file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleCsp } from './src/security-headers.ts';
import { formatBundleTemplate } from './src/io/bundle-template.ts';
import { nodeBuiltinsAlias } from './src/worker/node-builtins-alias.ts';

/** The template's name in dist/. */
export const TEMPLATE_FILE = 'bundle-template.html';

const WORKER = /new Worker\(\s*new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.worker\.ts)\1\s*,\s*import\.meta\.url\s*\)\s*(?:,\s*(\{[^{}]*\})\s*)?\)/g;

/** `new Worker(new URL('./x.worker.ts', import.meta.url), opts)` → the same worker from inlined code (Vite's `?worker&inline`). */
function inlineWorkers(): Plugin {
  return {
    name: 'seqscope-inline-workers',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !code.includes('new Worker(')) return;
      const imports: string[] = [];
      const out = code.replace(WORKER, (_m, _q, path: string, opts?: string) => {
        const name = `__seqscopeInlineWorker${imports.length}`;
        imports.push(`import ${name} from ${JSON.stringify(path + '?worker&inline')};`);
        return `new ${name}(${opts ?? ''})`;
      });
      return imports.length ? { code: imports.join('\n') + '\n' + out, map: null } : undefined;
    },
  };
}

/** Folds the built index.html, its one script and its stylesheet into template.html; nothing else is written. */
function singleFile(): Plugin {
  return {
    name: 'seqscope-single-file',
    apply: 'build',
    enforce: 'post',
    generateBundle(_opts, bundle) {
      const files = Object.values(bundle);
      const html = files.find((f) => f.fileName === 'index.html');
      const chunks = files.filter((f) => f.type === 'chunk');
      const css = files.filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
      if (!html || html.type !== 'asset' || chunks.length !== 1) throw new Error(`single-file build: expected index.html and one script, got ${files.map((f) => f.fileName).join(', ')}`);
      const text = formatBundleTemplate({
        html: String(html.source),
        js: (chunks[0] as { code: string }).code,
        css: css.map((f) => String((f as { source: string | Uint8Array }).source)).join('\n'),
        cspFor: (script) => bundleCsp(createHash('sha256').update(script, 'utf8').digest('base64')),
        favicon: readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8'),
      });
      for (const f of files) delete bundle[f.fileName];
      this.emitFile({ type: 'asset', fileName: TEMPLATE_FILE, source: text });
    },
  };
}

export default defineConfig({
  plugins: [inlineWorkers(), react(), singleFile()],
  resolve: { alias: nodeBuiltinsAlias(new URL('.', import.meta.url).pathname.replace(/\/$/, '')) },
  // classic workers: Chromium starts no module worker from a blob: URL made by a page opened from disk
  worker: { format: 'iife', plugins: () => [inlineWorkers()], rolldownOptions: { output: { codeSplitting: false } } },
  publicDir: false,
  build: {
    outDir: 'dist',
    // written beside the served build, which it must leave as it is
    emptyOutDir: false,
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    cssCodeSplit: false,
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
