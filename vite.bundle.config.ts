/**
 * The single-file build: the app as one `dist/bundle-template.html` (script, styles, workers and
 * WASM inline), the template every bundle is made from (src/io/bundle-file.ts). The served build
 * (vite.config.ts) runs it once it is written, so `vite build` and `npm run build` make both and
 * the served app can fetch its template. Workers become blob: URLs made from inlined code, since a
 * page opened from disk may start no worker from a file; that code is in the page's first script
 * (src/app/bundle-boot.ts), which starts the session worker and the load before the app's script
 * is even parsed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleCsp } from './src/security-headers.ts';
import { formatBundleTemplate } from './src/io/bundle-template.ts';
import { nodeBuiltinsAlias } from './src/worker/node-builtins-alias.ts';

/** The template's name in dist/. */
export const TEMPLATE_FILE = 'bundle-template.html';

const WORKER = /new Worker\(\s*new URL\(\s*(['"])(\.{1,2}\/[^'"]+?\/?([^'"/]+)\.ts)\1\s*,\s*import\.meta\.url\s*\)\s*(?:,\s*(\{[^{}]*\})\s*)?\)/g;
const root = new URL('.', import.meta.url).pathname.replace(/\/$/, '');
/** The page's workers, as code inline: only the first script holds them (src/app/bundle-workers.ts). */
const FACTORIES = `${root}/src/app/bundle-workers.ts`;
const GLOBAL = `${root}/src/app/bundle-boot-global.ts`;

/**
 * `new Worker(new URL('./x.worker.ts', import.meta.url), opts)` → the same worker from inlined code
 * (Vite's `?worker&inline`) where `inline` says so, else from the factories the page's first
 * script left (`bundleWorker('x.worker', opts)`, src/app/bundle-boot-global.ts), so each worker's
 * code is in the page once.
 */
function inlineWorkers(inline: (id: string) => boolean = () => true): Plugin {
  return {
    name: 'seqscope-inline-workers',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !code.includes('new Worker(')) return;
      const imports: string[] = [];
      const here = inline(id);
      const out = code.replace(WORKER, (_m, _q, path: string, file: string, opts?: string) => {
        if (!here) return `__seqscopeBundleWorker(${JSON.stringify(file)}${opts ? `, ${opts}` : ''})`;
        const name = `__seqscopeInlineWorker${imports.length}`;
        imports.push(`import ${name} from ${JSON.stringify(path + '?worker&inline')};`);
        return `new ${name}(${opts ?? ''})`;
      });
      if (!here && out !== code) imports.push(`import { bundleWorker as __seqscopeBundleWorker } from ${JSON.stringify(GLOBAL)};`);
      return imports.length ? { code: imports.join('\n') + '\n' + out, map: null } : undefined;
    },
  };
}

/**
 * Vite's wrapper of an inline worker (`?worker&inline`) made a Blob of the worker's code as the
 * script that holds it started, whether or not the page ever starts that worker (the folder
 * worker's 0.55 MB, the session worker's own decoder), and fell back to a `data:` URL of the code,
 * which the bundle's CSP (`worker-src blob:`) refuses anyway, and which the minifier wrote out in
 * full a second time (0.13 MB more in the session worker). Here the Blob and its URL are made on
 * the first start, once, and the URL serves every later start (the page's spare decoders).
 */
function lazyInlineWorkers(): Plugin {
  return {
    name: 'seqscope-lazy-inline-workers',
    enforce: 'post',
    transform(code, id) {
      if (!/[?&]worker&inline\b/.test(id) && !/[?&]inline&worker\b/.test(id)) return;
      const content = /^const jsContent = .*;$/m.exec(code);
      if (!content || !code.includes('export default function WorkerWrapper')) throw new Error(`bundle build: Vite's inline worker wrapper for ${id} is not the one this plugin rewrites`);
      return {
        code: `${content[0]}\nlet url;\nexport default function WorkerWrapper(options) {\n  url ??= URL.createObjectURL(new Blob([jsContent], { type: 'text/javascript;charset=utf-8' }));\n  return new Worker(url, { name: options?.name });\n}\n`,
        map: null,
      };
    },
  };
}

const workerConfig = { format: 'iife' as const, plugins: () => [inlineWorkers(), lazyInlineWorkers()], rolldownOptions: { output: { codeSplitting: false } } };

/** The page's first script (src/app/bundle-boot-main.ts) as one classic script, the workers' code inline. */
async function buildBoot(): Promise<string> {
  const out = await build({
    configFile: false, logLevel: 'warn', publicDir: false,
    plugins: [inlineWorkers((id) => id === FACTORIES), lazyInlineWorkers()],
    resolve: { alias: nodeBuiltinsAlias(root) },
    worker: workerConfig,
    build: {
      write: false, minify: true, assetsInlineLimit: Number.MAX_SAFE_INTEGER, modulePreload: false,
      lib: { entry: `${root}/src/app/bundle-boot-main.ts`, formats: ['iife'], name: 'seqscopeBootScript' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])).filter((f) => f.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`bundle boot script: expected one chunk, got ${chunks.length}`);
  return chunks[0].code;
}

/** Folds the built index.html, its one script and its stylesheet, with the first script, into template.html; nothing else is written. */
function singleFile(): Plugin {
  return {
    name: 'seqscope-single-file',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_opts, bundle) {
      const files = Object.values(bundle);
      const html = files.find((f) => f.fileName === 'index.html');
      const chunks = files.filter((f) => f.type === 'chunk');
      const css = files.filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
      if (!html || html.type !== 'asset' || chunks.length !== 1) throw new Error(`single-file build: expected index.html and one script, got ${files.map((f) => f.fileName).join(', ')}`);
      const text = formatBundleTemplate({
        html: String(html.source),
        boot: await buildBoot(),
        js: (chunks[0] as { code: string }).code,
        css: css.map((f) => String((f as { source: string | Uint8Array }).source)).join('\n'),
        cspFor: (scripts) => bundleCsp(scripts.map((s) => createHash('sha256').update(s, 'utf8').digest('base64'))),
        favicon: readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8'),
      });
      for (const f of files) delete bundle[f.fileName];
      this.emitFile({ type: 'asset', fileName: TEMPLATE_FILE, source: text });
    },
  };
}

export default defineConfig({
  // the app's workers come from the first script
  plugins: [inlineWorkers(() => false), react(), singleFile()],
  resolve: { alias: nodeBuiltinsAlias(root) },
  // classic workers: Chromium starts no module worker from a blob: URL made by a page opened from disk
  worker: workerConfig,
  publicDir: false,
  build: {
    outDir: 'dist',
    // written beside the served build, which it must leave as it is
    emptyOutDir: false,
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    cssCodeSplit: false,
    modulePreload: false,
    // a classic script: it runs as soon as the parser reaches it, before the parser reads on
    rolldownOptions: { output: { codeSplitting: false, format: 'iife' } },
  },
});
