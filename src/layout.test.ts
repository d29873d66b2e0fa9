/**
 * The layout rule, checked on the source: which top-level folder of src/ may import which. Every
 * static import, re-export, dynamic import() and `new URL(…, import.meta.url)` of a relative path
 * counts, type-only ones included. Test files are exempt (they may load files through io).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Folders a folder must not import from; `*` = anything outside itself (packages too). */
const FORBIDDEN: Record<string, readonly string[] | '*'> = {
  core: '*',
  ui: ['storage', 'io', 'worker'],
  io: ['ui', 'store', 'storage', 'worker'],
  storage: ['ui', 'store', 'io', 'worker'],
};

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bnew\s+URL\s*\(\s*)(['"])([^'"\n]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Each import of `file` as the src/ folder it lands in (`package:<name>` for a bare one). */
export function importTargets(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[2];
    if (!spec.startsWith('.')) { out.push(`package:${spec}`); continue; }
    const rel = relative(SRC, resolve(dirname(file), spec));
    out.push(rel.startsWith('..') ? `outside:${rel}` : rel.split(sep)[0]);
  }
  return out;
}

export function violations(root: string): string[] {
  const bad: string[] = [];
  for (const file of sourceFiles(root)) {
    const folder = relative(SRC, file).split(sep)[0];
    const rule = FORBIDDEN[folder];
    if (!rule) continue;
    for (const target of importTargets(file, readFileSync(file, 'utf8'))) {
      const forbidden = rule === '*' ? target !== folder : rule.includes(target);
      if (forbidden) bad.push(`${relative(SRC, file)} imports ${target}`);
    }
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

  it('holds: ui never imports storage, io or worker; core imports only core; io and storage stay below the store', () => {
    expect(violations(SRC)).toEqual([]);
  });
});
