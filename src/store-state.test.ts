/**
 * src/store is state only, and its state lives in the one store: no module-level mutable state.
 * Read with the TypeScript parser (so multi-line declarations, destructuring and types with arrows
 * are seen as the compiler sees them). Flagged at the top level of a module:
 * - any `let` or `var` (with or without an initializer);
 * - a `const` bound to `new …` (a Map, Set, array, class instance), an array literal or an object
 *   literal, unless it is declared readonly (a `readonly`/`Readonly…` type, `as const`, or
 *   `Object.freeze(…)`), or is an immutable value (`new URL`, `new RegExp`, `new Intl.…`).
 * - a static field of a top-level class that is not `readonly`.
 * Zustand's `create(…)` is the exception: it is the state.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Classes whose instances cannot be changed after construction. */
const IMMUTABLE = /^(URL|RegExp|Intl\.\w+|TextEncoder|TextDecoder)$/;

function names(b: ts.BindingName): string[] {
  if (ts.isIdentifier(b)) return [b.text];
  return b.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : names(e.name)));
}

/** `x as T`, `x satisfies T`, `(x)` and `x!` are the value `x`. */
function unwrap(e: ts.Expression): { value: ts.Expression; asConst: boolean; types: ts.TypeNode[] } {
  let asConst = false;
  const types: ts.TypeNode[] = [];
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) {
      if (ts.isTypeReferenceNode(e.type) && e.type.typeName.getText() === 'const') asConst = true;
      else types.push(e.type);
      e = e.expression;
    } else return { value: e, asConst, types };
  }
}

const readonlyType = (t: ts.TypeNode) => /\breadonly\b|\bReadonly\w*/.test(t.getText());

/** Names of module-level mutable bindings in `text` (a TypeScript module). */
export function moduleState(text: string, file = 'x.ts'): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isClassDeclaration(st)) {
      const mod = (m: ts.ClassElement, k: ts.SyntaxKind) => ts.canHaveModifiers(m) && !!ts.getModifiers(m)?.some((x) => x.kind === k);
      for (const m of st.members) {
        if (ts.isPropertyDeclaration(m) && mod(m, ts.SyntaxKind.StaticKeyword) && !mod(m, ts.SyntaxKind.ReadonlyKeyword)) out.push(`${st.name?.text ?? 'class'}.${m.name.getText()}`);
      }
      continue;
    }
    if (!ts.isVariableStatement(st)) continue;
    const list = st.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      if (!isConst) { out.push(...names(d.name)); continue; }
      if (!d.initializer) continue;
      const { value, asConst, types } = unwrap(d.initializer);
      if (asConst || [d.type, ...types].some((t) => t && readonlyType(t))) continue;
      const mutable = ts.isArrayLiteralExpression(value) || ts.isObjectLiteralExpression(value)
        || (ts.isNewExpression(value) && !IMMUTABLE.test(value.expression.getText()));
      if (mutable) out.push(...names(d.name));
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

describe('the store (and the protocol) hold no module-level state', () => {
  it('finds module-level state', () => {
    const text = [
      'let generation = 0;', 'export let inflight: Set<number> | undefined;', 'var queuedAt;', 'let { a, b: [c] } = pair();',
      'const rowCache = new Map<number, Row>();', 'const queued: number[] = [];', 'const box = { n: 0 };', 'const moments = new Coalescer<number>(run);',
      'const handlers: Record<string, () => void> = {};', 'const lazy =\n  new Set<string>();', 'const held = ([] as number[]);', 'export const wanted = { seq: 0 } satisfies Want;',
      // not state: immutable, declared readonly, the store itself, or not at the top level
      "export const VIEWS: readonly View[] = ['log'];", "const K = ['a'] as const;", 'const FROZEN = Object.freeze({ a: 1 });', 'const M: ReadonlyMap<string, number> = new Map([["a", 1]]);',
      "const R = new RegExp('x');", "const U = new URL('https://x');", 'const N = 5;', 'const f = () => [];',
      'export const useApp = create<AppState>()(() => ({}));', 'function g() { let x = 1; const m = new Map(); }', 'class D { static readonly n = 0; m = 1; }',
      'class C { static n = 0; }',
    ].join('\n');
    expect(moduleState(text)).toEqual(['generation', 'inflight', 'queuedAt', 'a', 'c', 'rowCache', 'queued', 'box', 'moments', 'handlers', 'lazy', 'held', 'wanted', 'C.n']);
  });

  it('holds: every src/store module keeps its state in the one store, and src/protocol holds only types and constants', () => {
    const found = [...sourceFiles(join(SRC, 'store')), ...sourceFiles(join(SRC, 'protocol'))].flatMap((f) => moduleState(readFileSync(f, 'utf8'), f).map((n) => `${relative(SRC, f)}: ${n}`));
    expect(found).toEqual([]);
  });
});
