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
const ID_LIKE = /[a-z0-9](?:Id|Ids|ID|IDs)$/;
/** Keys repeat across records: each is judged once (up to a bound, against hostile logs of unique keys). */
const judged = new Map<string, boolean>();

/** True for a field whose value is never redacted (see the module comment). */
export function isFixedField(key: string): boolean {
  let v = judged.get(key);
  if (v === undefined) {
    v = FIXED.has(key) || ID_LIKE.test(key);
    if (judged.size < 65536) judged.set(key, v);
  }
  return v;
}

type Container = Record<string, unknown> | unknown[];

// the containers of the record being walked: each one's parent (an index here) and key there;
// reused from one record to the next, so a walk allocates nothing per container
const containers: Container[] = [];
const parents: number[] = [];
const keys: (string | number)[] = [];
const todo: number[] = [];

function pathOf(i: number, key: string | number): string {
  const parts: (string | number)[] = [key];
  for (let n = i; n > 0; n = parents[n]) parts.push(keys[n]);
  let out = '';
  for (let j = parts.length - 1; j >= 0; j--) {
    const k = parts[j];
    out += typeof k === 'number' ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? (out ? `.${k}` : k) : `[${JSON.stringify(k)}]`;
  }
  return out;
}

/**
 * Pushes a slot for each non-empty string of `root` that `want` accepts (a fast pre-test), except
 * those under fixed fields and those `skip` claims (stream deltas, handled apart).
 */
export function collectStrings(root: Container, want: (s: string) => boolean, out: Slot[], skip?: (parent: object, key: string | number) => boolean): void {
  containers.length = 0; parents.length = 0; keys.length = 0; todo.length = 0;
  containers.push(root); parents.push(-1); keys.push('');
  todo.push(0);
  const visit = (parent: Container, key: string | number, v: unknown, i: number) => {
    if (typeof v === 'string') {
      if (v.length > 0 && !(skip && skip(parent, key)) && want(v)) out.push({ parent, key, path: pathOf(i, key), text: v });
    } else if (typeof v === 'object' && v !== null) {
      if (skip && skip(parent, key)) return;
      containers.push(v as Container); parents.push(i); keys.push(key);
      todo.push(containers.length - 1);
    }
  };
  try {
    while (todo.length) {
      const i = todo.pop()!;
      const c = containers[i];
      if (Array.isArray(c)) {
        for (let j = 0; j < c.length; j++) visit(c, j, c[j], i);
      } else {
        for (const k of Object.keys(c)) if (!isFixedField(k)) visit(c, k, c[k], i);
      }
    }
  } finally {
    containers.length = 0; parents.length = 0; keys.length = 0;
  }
}
