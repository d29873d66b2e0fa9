/**
 * Every string of a parsed record, at any depth, iteratively (nesting is bounded by memory, not
 * the stack). Object keys are never visited (key sets stay as they are), nor the values of fields
 * whose meaning is an identity or a fixed vocabulary: ids (`id`, `…Id`, `…Ids`), `type`, `kind`,
 * `role`, `op`, `surfaceOp`, `seq`, `provider`, `model`, `mediaType`, `blockType`, `status`,
 * `parentSession`, and an image's `bytes`. A redaction there would break lineage, the verdict or
 * a value's validity for its field.
 */

/** Where a string sits: its container, its key there, and its field path (`data.message.content[0].text`). */
export interface Slot {
  readonly parent: Record<string, unknown> | unknown[];
  readonly key: string | number;
  readonly path: string;
  readonly text: string;
}

const FIXED = new Set(['type', 'id', 'kind', 'role', 'op', 'surfaceOp', 'seq', 'provider', 'model', 'mediaType', 'blockType', 'status', 'parentSession', 'bytes']);

/** True for a field whose value is never redacted (see the module comment). */
export function isFixedField(key: string): boolean {
  return FIXED.has(key) || /[a-z0-9](?:Id|Ids|ID|IDs)$/.test(key);
}

interface PathNode { readonly up: PathNode | null; readonly key: string | number }

export function formatPath(node: PathNode | null, key: string | number): string {
  const parts: (string | number)[] = [key];
  for (let n = node; n; n = n.up) parts.push(n.key);
  let out = '';
  for (let i = parts.length - 1; i >= 0; i--) {
    const k = parts[i];
    out += typeof k === 'number' ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? (out ? `.${k}` : k) : `[${JSON.stringify(k)}]`;
  }
  return out;
}

/**
 * Pushes a slot for each string of `root` that `want` accepts (a fast pre-test), except those under
 * fixed fields and those `skip` claims (stream deltas, handled apart). `root` must be an object or array.
 */
export function collectStrings(
  root: Record<string, unknown> | unknown[],
  want: (s: string) => boolean,
  out: Slot[],
  skip?: (parent: object, key: string | number, path: PathNode | null) => boolean,
  rootPath: PathNode | null = null,
): void {
  const stack: [Record<string, unknown> | unknown[], PathNode | null][] = [[root, rootPath]];
  while (stack.length) {
    const [c, node] = stack.pop()!;
    if (Array.isArray(c)) {
      for (let i = 0; i < c.length; i++) visit(c, i, c[i], node);
    } else {
      for (const k in c) {
        if (!Object.prototype.hasOwnProperty.call(c, k) || isFixedField(k)) continue;
        visit(c, k, c[k], node);
      }
    }
  }
  function visit(parent: Record<string, unknown> | unknown[], key: string | number, v: unknown, node: PathNode | null): void {
    if (skip && skip(parent, key, node)) return;
    if (typeof v === 'string') {
      if (want(v)) out.push({ parent, key, path: formatPath(node, key), text: v });
    } else if (typeof v === 'object' && v !== null) {
      stack.push([v as Record<string, unknown>, { up: node, key }]);
    }
  }
}
