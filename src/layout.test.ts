/**
 * The layout rule, checked on the source: which top-level folder of src/ may import which. Every
 * static import, re-export, dynamic import() and `new URL(…, import.meta.url)` of a relative path
 * counts, type-only ones included. Test files are exempt (they may load files through io).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Folders a folder must not import from; `*` = anything outside itself (packages too). */
const FORBIDDEN: Record<string, readonly string[] | '*'> = {
  core: '*',
  ui: ['storage', 'io', 'worker'],
  io: ['ui', 'store', 'storage', 'worker', 'app'],
  storage: ['ui', 'store', 'io', 'worker', 'app'],
  // state only: no effects (workers, fetch, IndexedDB, io sources) and nothing above it
  store: ['ui', 'app', 'storage', 'io', 'worker'],
  // messages between threads: types and constants, over core and io types
  protocol: ['ui', 'app', 'store', 'storage', 'worker'],
  worker: ['ui', 'app', 'store', 'storage'],
  app: ['ui'],
};

/** Packages a folder may import (every other package is refused); folders not listed may import any. */
const PACKAGES: Record<string, readonly string[]> = {
  store: ['zustand'],
  protocol: [],
};

/** Effects src/store must not perform itself (its actions live in src/app). */
const STORE_EFFECTS = /\bnew\s+Worker\b|\bfetch\s*\(|\bindexedDB\b|\bshowDirectoryPicker\b|\bRange:/;

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bnew\s+URL\s*\(\s*)(['"])([^'"\n]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Each import of `file` as the src/ folder it lands in (`package:<name>` for a bare one). */
export function importTargets(file: string, text: string, src = SRC): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[2];
    if (!spec.startsWith('.')) { out.push(`package:${spec}`); continue; }
    const rel = relative(src, resolve(dirname(file), spec));
    out.push(rel.startsWith('..') ? `outside:${rel}` : rel.split(sep)[0]);
  }
  return out;
}

export function violations(root: string, src = SRC): string[] {
  const bad: string[] = [];
  for (const file of sourceFiles(root)) {
    const folder = relative(src, file).split(sep)[0];
    const rule = FORBIDDEN[folder];
    if (!rule) continue;
    const text = readFileSync(file, 'utf8');
    const packages = PACKAGES[folder];
    for (const target of importTargets(file, text, src)) {
      const forbidden = rule === '*' ? target !== folder
        : target.startsWith('package:') ? packages !== undefined && !packages.includes(target.slice(8))
        : rule.includes(target);
      if (forbidden) bad.push(`${relative(src, file)} imports ${target}`);
    }
    if (folder === 'store' && STORE_EFFECTS.test(text)) bad.push(`${relative(src, file)} performs I/O (${STORE_EFFECTS.exec(text)![0]})`);
  }
  return bad;
}

describe('layout', () => {
  it('finds imports of every form', () => {
    const f = join(SRC, 'ui', 'X.tsx');
    const text = [
      "import { a } from '../io/open';", "import type { B } from '../../src/storage/library';", "export { c } from './y';",
      "const w = new Worker(new URL('../worker/session.worker.ts', import.meta.url));", "await import('../store/store');", "import 'react';",
    ].join('\n');
    expect(importTargets(f, text)).toEqual(['io', 'storage', 'ui', 'worker', 'store', 'package:react']);
  });

  it('holds: ui never imports storage, io or worker; core imports only core; io and storage stay below the store; the store is state only; protocol and worker stay below the app', () => {
    expect(violations(SRC)).toEqual([]);
  });

  it('finds a store module that does I/O or imports an effect', () => {
    const dir = mkdtempSync(join(tmpdir(), 'layout-'));
    try {
      mkdirSync(join(dir, 'store'));
      writeFileSync(join(dir, 'store', 'x.ts'), "import { client } from '../app/session-client';\nexport const w = () => fetch('/a');\n");
      expect(violations(join(dir, 'store'), dir)).toEqual(['store/x.ts imports app', 'store/x.ts performs I/O (fetch()']);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});

// No module-level mutable state in src/store: src/store-state.test.ts.

/**
 * The runtime imports of a module: the relative static imports and re-exports that load the other
 * module when this one loads, as resolved file paths. Type-only ones (`import type`, `export type`,
 * `import { type A }` with nothing else) are erased by the compiler and do not count; neither does
 * a dynamic import(), which loads its module later, not while this one initializes.
 */
export function runtimeImports(file: string, text: string): string[] {
  // only the statements that start a line with import/export, up to their first string (the
  // specifier), are parsed: the compiler then tells a type-only import from a runtime one
  const heads = text.match(/^(?:import|export)\b[^;'"]*['"][^'"\n]*['"]/gm)?.join(';\n') ?? '';
  const sf = ts.createSourceFile(file, heads, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    let spec: ts.Expression | undefined, typeOnly = false;
    if (ts.isImportDeclaration(st)) {
      spec = st.moduleSpecifier;
      const c = st.importClause;
      const named = c?.namedBindings;
      typeOnly = !!c && (c.isTypeOnly || (!c.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier) {
      spec = st.moduleSpecifier;
      const named = st.exportClause;
      typeOnly = st.isTypeOnly || (!!named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly));
    }
    if (!spec || typeOnly || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const base = resolve(dirname(file), spec.text);
    const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find((c) => existsSync(c) && statSync(c).isFile());
    if (hit && /\.tsx?$/.test(hit)) out.push(hit);
  }
  return out;
}

/** Every runtime import cycle among the modules under `root` (test files aside), each as the files on it, relative to `root`. */
export function importCycles(root: string): string[][] {
  const files = sourceFiles(root);
  const graph = new Map(files.map((f) => [f, runtimeImports(f, readFileSync(f, 'utf8')).filter((d) => !/\.test\.tsx?$/.test(d))]));
  // Tarjan's strongly connected components, iteratively (no recursion depth to run out of)
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>(), stack: string[] = [], cycles: string[][] = [];
  for (const root0 of files) {
    if (index.has(root0)) continue;
    const work: [string, number][] = [[root0, 0]];
    index.set(root0, next); low.set(root0, next++); stack.push(root0); onStack.add(root0);
    while (work.length) {
      const top = work[work.length - 1], [v, i] = top, deps = graph.get(v) ?? [];
      if (i < deps.length) {
        top[1]++;
        const w = deps[i];
        if (!index.has(w)) { index.set(w, next); low.set(w, next++); stack.push(w); onStack.add(w); work.push([w, 0]); }
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) { const u = work[work.length - 1][0]; low.set(u, Math.min(low.get(u)!, low.get(v)!)); }
      if (low.get(v) === index.get(v)) {
        const c: string[] = [];
        let w: string;
        do { w = stack.pop()!; onStack.delete(w); c.push(w); } while (w !== v);
        if (c.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(c.map((f) => relative(root, f)).sort());
      }
    }
  }
  return cycles;
}

describe('no runtime import cycle', () => {
  it('finds a cycle through runtime imports and none through type-only ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      const put = (name: string, text: string) => { mkdirSync(dirname(join(dir, name)), { recursive: true }); writeFileSync(join(dir, name), text); };
      put('io/a.ts', "import { b } from './b';\nexport const a = () => b;\n");
      put('io/b.ts', "import {\n  c,\n} from '../store/c';\nexport const b = c;\n");
      put('store/c.ts', "export { a } from '../io/a';\nexport const c = 1;\n");
      put('x/types.ts', "import type { Y } from './y';\nimport { type Z } from './z';\nexport type { W } from './w';\nexport type X = Y | Z;\n");
      put('x/y.ts', "import type { X } from './types';\nexport type Y = X[];\n");
      put('x/z.ts', "export type * from './types';\nexport type Z = 1;\nexport const lazy = () => import('./types');\n");
      put('x/w.ts', "import { type X } from './types';\nexport type W = X;\n");
      put('x/self.ts', "import { s } from './self';\nexport const s = 1;\n");
      expect(importCycles(dir)).toEqual([['io/a.ts', 'io/b.ts', 'store/c.ts'], ['x/self.ts']]);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it('holds: no module in src loads, through its runtime imports, a module that loads it back', () => {
    expect(importCycles(SRC)).toEqual([]);
  });
});
