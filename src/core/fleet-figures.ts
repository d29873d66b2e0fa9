/**
 * A folder of sessions as a fleet: each session's own figures, its total with its sub-agents, its
 * kind and place in the tree, and totals over the sessions DSH loads. Pure data in and out, so the
 * figures of shards of a folder merge into the figures of the whole (`deriveFleet` over the
 * concatenated entries).
 */
import { addOwnFigures, ownOf, utcDay, ZERO_OWN, type OwnFigures, type SessionFigures } from './session-figures';
import { addTokenClasses, ZERO_TOKENS, type TokenClasses } from './step-usage';

export type SessionKind = 'root' | 'subagent' | 'fork';

/** `subagent` when the header says `origin: "subagent"`; `fork` with a parent and a seed; else `root`. */
export function kindOf(h: { readonly parentSession?: unknown; readonly seedLength?: unknown; readonly origin?: unknown }): SessionKind {
  if (h.origin === 'subagent') return 'subagent';
  if (typeof h.parentSession === 'string' && typeof h.seedLength === 'number' && h.seedLength > 0) return 'fork';
  return 'root';
}

/** One session as read: what a reader of one file hands the fleet. */
export interface FleetEntry {
  readonly id: string;
  /** Where it was read (relative to the folder; a ZIP's entries as `file.zip › entry`). */
  readonly path: string;
  /** The header's `cwd` (undefined: none). */
  readonly project?: string;
  readonly createdAt?: number;
  readonly kind: SessionKind;
  readonly parent: string | null;
  /** `ok`, or DSH's refusal kind. */
  readonly verdict: string;
  /** The refusal's sentence (line and seq named). */
  readonly message?: string;
  /** A refused log: the figures are of what could be read, and stay out of every total. */
  readonly partial: boolean;
  readonly figures: SessionFigures;
}

export interface FleetRow extends FleetEntry {
  /** Own figures plus the totals of its loaded sub-agents, to any depth (never a fork's). */
  readonly total: OwnFigures;
  /** The total's tokens by model (for costs of the total). */
  readonly totalByModel: Readonly<Record<string, TokenClasses>>;
  /** Ids of the sessions listed under it (sub-agents and forks), in entry order. */
  readonly children: readonly string[];
  /** 0 for a session whose parent is not in the fleet. */
  readonly depth: number;
}

export interface Fleet {
  /** Entries in the order given, each with its total and tree place. */
  readonly rows: readonly FleetRow[];
  /** Sum of own figures over the loaded (not partial) sessions: a sub-agent counts once. */
  readonly totals: OwnFigures;
}

/**
 * Where each entry sits: the index of its parent (-1: its parent is not among the entries, or is
 * itself; an id listed twice is its first entry's), and its children's indices in entry order.
 */
export interface FleetTree {
  readonly parentOf: readonly number[];
  readonly children: readonly (readonly number[])[];
}

export function fleetTree(entries: readonly FleetEntry[]): FleetTree {
  const firstById = new Map<string, number>();
  entries.forEach((e, i) => { if (!firstById.has(e.id)) firstById.set(e.id, i); });
  const children: number[][] = entries.map(() => []);
  const parentOf = entries.map((e) => {
    const p = e.parent === null ? undefined : firstById.get(e.parent);
    return p === undefined || p === firstById.get(e.id) ? -1 : p;
  });
  parentOf.forEach((p, i) => { if (p >= 0) children[p].push(i); });
  return { parentOf, children };
}

/** A session adds its total to its parent's when it is a sub-agent that loaded (never a fork, never a refused log). */
export const addsToParent = (e: FleetEntry): boolean => e.kind === 'subagent' && !e.partial;

/**
 * Entry i's total and tokens by model: its own figures plus the totals of its children that add
 * to it, those of them already rolled up (`total[c]` set; a child still open is on a cycle).
 */
export function rollUp(entries: readonly FleetEntry[], children: readonly number[], i: number, total: (OwnFigures | undefined)[], totalModels: Record<string, TokenClasses>[]): void {
  let t = ownOf(entries[i].figures);
  const models = { ...entries[i].figures.byModel };
  for (const c of children) {
    if (!addsToParent(entries[c]) || !total[c]) continue;
    t = addOwnFigures(t, total[c]);
    for (const [m, v] of Object.entries(totalModels[c])) models[m] = addTokenClasses(models[m] ?? ZERO_TOKENS, v);
  }
  total[i] = t;
  totalModels[i] = models;
}

/** Sum of own figures over the loaded (not partial) entries, in entry order. */
export function fleetTotals(entries: readonly FleetEntry[]): OwnFigures {
  let totals = ZERO_OWN;
  for (const e of entries) if (!e.partial) totals = addOwnFigures(totals, ownOf(e.figures));
  return totals;
}

/** Parents above entry i (a cycle counted once round). */
export function depthIn(parentOf: readonly number[], i: number): number {
  const seen = new Set<number>();
  let d = 0;
  for (let p = parentOf[i]; p >= 0 && !seen.has(p); p = parentOf[p]) { seen.add(p); d++; }
  return d;
}

/**
 * Rolls entries up. A sub-agent adds to its parent's total only when it loaded; a parent missing
 * from the entries leaves its children at depth 0; a cycle of parents adds nothing twice.
 */
export function deriveFleet(entries: readonly FleetEntry[]): Fleet {
  const { parentOf, children } = fleetTree(entries);
  const total = new Array<OwnFigures | undefined>(entries.length);
  const totalModels = new Array<Record<string, TokenClasses>>(entries.length);
  // iterative post-order over sub-agent edges, so any depth works and a cycle ends; `state` is
  // shared by every root (a node entered is finished before its root returns), so rolling up n
  // entries is linear, not n arrays of n
  const state = new Uint8Array(entries.length);
  const totalOf = (root: number): OwnFigures => {
    const stack: number[] = [root];
    while (stack.length) {
      const i = stack[stack.length - 1];
      if (total[i]) { stack.pop(); continue; }
      if (state[i] === 0) {
        state[i] = 1;
        for (const c of children[i]) if (addsToParent(entries[c]) && !total[c] && state[c] === 0) stack.push(c);
        continue;
      }
      stack.pop();
      rollUp(entries, children[i], i, total, totalModels);
    }
    return total[root]!;
  };
  const rows = entries.map((e, i) => ({ ...e, total: totalOf(i), totalByModel: totalModels[i], children: children[i].map((c) => entries[c].id), depth: depthIn(parentOf, i) }));
  return { rows, totals: fleetTotals(entries) };
}

/** A group of sessions (`--by project|day|model`): how many, their figures, their tokens. */
export interface FleetGroup {
  readonly key: string;
  readonly sessions: number;
  readonly figures: OwnFigures;
  /** Tokens by model, for a cost (empty by day: tokens by day are not split by model). */
  readonly byModel: Readonly<Record<string, TokenClasses>>;
}

export type GroupBy = 'project' | 'day' | 'model';

/**
 * Loaded sessions grouped. By project: a session's own figures under its cwd. By day: turns, steps
 * and tool figures under the UTC day the session started, tokens under the day each step started.
 * By model: the tokens of each step under its model (other counts are 0), sessions that used it.
 */
export function groupFleet(rows: readonly FleetEntry[], by: GroupBy): FleetGroup[] {
  const groups = new Map<string, { sessions: Set<number>; figures: OwnFigures; byModel: Record<string, TokenClasses> }>();
  const at = (k: string) => {
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { sessions: new Set(), figures: ZERO_OWN, byModel: {} }));
    return g;
  };
  const addModel = (g: { byModel: Record<string, TokenClasses> }, m: string, t: TokenClasses) => { g.byModel[m] = addTokenClasses(g.byModel[m] ?? ZERO_TOKENS, t); };
  const addTokens = (k: string, i: number, t: TokenClasses) => {
    const g = at(k);
    g.sessions.add(i);
    g.figures = { ...g.figures, tokens: addTokenClasses(g.figures.tokens, t) };
  };
  rows.forEach((r, i) => {
    if (r.partial) return;
    const f = r.figures;
    if (by === 'project') {
      const g = at(r.project ?? '(no cwd)');
      g.sessions.add(i);
      g.figures = addOwnFigures(g.figures, ownOf(f));
      for (const [m, t] of Object.entries(f.byModel)) addModel(g, m, t);
    } else if (by === 'day') {
      const g = at(dayOfStart(r));
      g.sessions.add(i);
      g.figures = addOwnFigures(g.figures, { ...ownOf(f), tokens: ZERO_TOKENS });
      for (const [d, t] of Object.entries(f.byDay)) addTokens(d, i, t);
    } else {
      for (const [m, t] of Object.entries(f.byModel)) { addTokens(m || '(unknown model)', i, t); addModel(at(m || '(unknown model)'), m, t); }
    }
  });
  return [...groups].map(([key, g]) => ({ key, sessions: g.sessions.size, figures: g.figures, byModel: g.byModel })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The UTC day a session started: its first own event, else its header's `createdAt`. */
export function dayOfStart(r: Pick<FleetEntry, 'figures' | 'createdAt'>): string {
  return utcDay(r.figures.firstTime ?? r.createdAt);
}

/** Rows in tree order: each session whose parent is not listed, then its children depth first (in row order). */
export function treeOrder<R extends Pick<FleetRow, 'id' | 'depth' | 'children'>>(rows: readonly R[]): R[] {
  const byId = new Map<string, R>();
  for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, r);
  const out: R[] = [], seen = new Set<R>();
  const visit = (root: R) => {
    const stack: R[] = [root];
    while (stack.length) {
      const r = stack.pop()!;
      if (seen.has(r)) continue;
      seen.add(r);
      out.push(r);
      for (let i = r.children.length - 1; i >= 0; i--) { const c = byId.get(r.children[i]); if (c && !seen.has(c)) stack.push(c); }
    }
  };
  for (const r of rows) if (r.depth === 0) visit(r);
  // rows only reachable through a cycle, and duplicates of an id, still appear once
  for (const r of rows) if (!seen.has(r)) visit(r);
  return out;
}
