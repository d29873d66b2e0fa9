/**
 * The layout rule, checked on the source: which top-level folder of src/ may import which. Every
 * static import, re-export, dynamic import() and `new URL(…, import.meta.url)` of a relative path
 * counts, type-only ones included. Test files are exempt (they may load files through io).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
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
