/**
 * Fork and sub-agent trees from session headers (persistence.md §5.4): group by `parentSession`,
 * siblings by `createdAt` then id, depth-first. A missing parent makes a node a root marked
 * `orphan`; nodes on a cycle are reported and shown as roots. Pure.
 */
export interface TreeInput {
  /** Caller's handle (library entry id, archive entry name). */
  readonly key: string;
  /** Header id; several inputs may share one (the same session kept twice). */
  readonly id?: string;
  readonly parentSession?: string;
  readonly seedLength?: number;
  readonly createdAt?: number;
}

export interface TreeNode<T extends TreeInput = TreeInput> {
  readonly item: T;
  readonly depth: number;
  readonly children: TreeNode<T>[];
  /** Has a parentSession that names no input. */
  readonly orphan: boolean;
  /** Part of a parentSession cycle (shown as a root). */
  readonly cycle: boolean;
}

const order = (a: TreeInput, b: TreeInput) =>
  (a.createdAt ?? 0) - (b.createdAt ?? 0) || ((a.id ?? '') < (b.id ?? '') ? -1 : (a.id ?? '') > (b.id ?? '') ? 1 : 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function buildTree<T extends TreeInput>(items: readonly T[]): TreeNode<T>[] {
  const byId = new Map<string, T>();
  for (const it of [...items].sort(order)) if (it.id !== undefined && !byId.has(it.id)) byId.set(it.id, it);
  const parentOf = (it: T): T | undefined => (it.parentSession !== undefined ? byId.get(it.parentSession) : undefined);
  // Cycle detection: follow parents; a walk that revisits an item is a cycle.
  const onCycle = new Set<T>();
  for (const it of items) {
    const seen = new Set<T>();
    let cur: T | undefined = it;
    while (cur && !seen.has(cur)) { seen.add(cur); cur = parentOf(cur); }
    if (cur && cur === it) for (let c: T | undefined = it, n = 0; c && n < items.length; c = parentOf(c), n++) { onCycle.add(c); if (parentOf(c) === it) break; }
  }
  const kids = new Map<T, T[]>();
  const roots: T[] = [];
  for (const it of items) {
    const p = onCycle.has(it) ? undefined : parentOf(it);
    if (p && p !== it) { const k = kids.get(p) ?? []; k.push(it); kids.set(p, k); } else roots.push(it);
  }
  const make = (it: T, depth: number): TreeNode<T> => ({
    item: it, depth,
    children: (kids.get(it) ?? []).sort(order).map((c) => make(c, depth + 1)),
    orphan: !onCycle.has(it) && it.parentSession !== undefined && !byId.has(it.parentSession),
    cycle: onCycle.has(it),
  });
  return roots.sort(order).map((r) => make(r, 0));
}

/** Depth-first order of a forest (the order the list shows). */
export function flattenTree<T extends TreeInput>(roots: readonly TreeNode<T>[]): TreeNode<T>[] {
  const out: TreeNode<T>[] = [];
  const walk = (n: TreeNode<T>) => { out.push(n); n.children.forEach(walk); };
  roots.forEach(walk);
  return out;
}

/** The input a child forked from, when it is among `items`. */
export function parentOf<T extends TreeInput>(items: readonly T[], child: TreeInput): T | undefined {
  if (child.parentSession === undefined) return undefined;
  return items.find((it) => it.id === child.parentSession && it.key !== child.key);
}
