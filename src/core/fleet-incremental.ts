/**
 * `deriveFleet` kept up to date as a folder's sessions are judged a batch at a time: the fleet
 * view derives again after every batch, and over a large folder a whole derivation per batch is
 * most of the page's work. `FleetDeriver.derive` gives what `deriveFleet` gives for the same
 * entries (the same rows, totals and tree), recomputing only what a batch changed.
 */
import { deriveFleet, depthIn, fleetTotals, fleetTree, rollUp, type Fleet, type FleetEntry, type FleetTree } from './fleet-figures';
import type { OwnFigures } from './session-figures';
import type { TokenClasses } from './step-usage';

/** True when following parents from some entry comes back to it. */
function hasCycle(parentOf: readonly number[]): boolean {
  // 0: not seen, 1: on the walk now, 2: known to end at a root
  const state = new Uint8Array(parentOf.length);
  for (let i = 0; i < parentOf.length; i++) {
    let p = i;
    while (p >= 0 && state[p] === 0) { state[p] = 1; p = parentOf[p]; }
    if (p >= 0 && state[p] === 1) return true;
    for (let q = i; q >= 0 && state[q] === 1; q = parentOf[q]) state[q] = 2;
  }
  return false;
}

/**
 * Derives a fleet from successive versions of its entries. An entry whose object is the same as
 * in the last version is taken as unchanged. When every entry keeps its place, id and parent (the
 * tree is the same), only the changed entries and the sessions above them are rolled up again;
 * their totals are the same as a whole derivation's since a session's total is its own figures
 * plus its sub-agents' totals. Any other change (entries added, removed, moved, re-parented), or
 * a tree with a cycle of parents, derives the whole fleet again.
 */
export class FleetDeriver {
  private entries: readonly FleetEntry[] = [];
  private fleet: Fleet = deriveFleet([]);
  private tree: FleetTree = { parentOf: [], children: [] };
  private depth: number[] = [];
  private cyclic = false;
  private total: (OwnFigures | undefined)[] = [];
  private totalModels: Record<string, TokenClasses>[] = [];

  derive(entries: readonly FleetEntry[]): Fleet {
    if (entries === this.entries) return this.fleet;
    const changed = this.sameTree(entries) ? this.changedIn(entries) : undefined;
    if (!changed) return this.whole(entries);
    // the changed entries and every session above them, lowest first (children before parents)
    const dirty = new Set<number>();
    for (const i of changed) for (let p = i; p >= 0 && !dirty.has(p); p = this.tree.parentOf[p]) dirty.add(p);
    const order = [...dirty].sort((a, b) => this.depth[b] - this.depth[a]);
    for (const i of order) rollUp(entries, this.tree.children[i], i, this.total, this.totalModels);
    const rows = this.fleet.rows.slice();
    for (const i of order) rows[i] = { ...entries[i], total: this.total[i]!, totalByModel: this.totalModels[i], children: rows[i].children, depth: this.depth[i] };
    this.entries = entries;
    this.fleet = { rows, totals: fleetTotals(entries) };
    return this.fleet;
  }

  /** Every entry at its place with the same id and parent as in the last version. */
  private sameTree(entries: readonly FleetEntry[]): boolean {
    const was = this.entries;
    if (this.cyclic || entries.length !== was.length) return false;
    for (let i = 0; i < entries.length; i++) {
      const a = entries[i], b = was[i];
      if (a !== b && (a.id !== b.id || a.parent !== b.parent)) return false;
    }
    return true;
  }

  private changedIn(entries: readonly FleetEntry[]): number[] {
    const out: number[] = [];
    for (let i = 0; i < entries.length; i++) if (entries[i] !== this.entries[i]) out.push(i);
    return out;
  }

  private whole(entries: readonly FleetEntry[]): Fleet {
    this.entries = entries;
    this.fleet = deriveFleet(entries);
    this.tree = fleetTree(entries);
    this.cyclic = hasCycle(this.tree.parentOf);
    this.depth = entries.map((_, i) => depthIn(this.tree.parentOf, i));
    this.total = this.fleet.rows.map((r) => r.total);
    this.totalModels = this.fleet.rows.map((r) => r.totalByModel as Record<string, TokenClasses>);
    return this.fleet;
  }
}

