/** The fleet table's rows: filtered, sorted among siblings, sub-agents and forks under their parent. Pure. */
import { deriveCost, type Cost, type PriceTable } from '../../core/cost';
import { dayOfStart, kindOf, type FleetEntry, type FleetRow, type SessionKind } from '../../core/fleet-figures';
import type { SessionFigures } from '../../core/session-figures';
import type { FolderSession } from '../../store/folder-slice';
import { TOKEN_PARTS, tokenParts, tokenSum, ZERO_TOKENS, type TokenClass, type TokenPart } from '../../core/step-usage';

/** The verdict of a row whose session is listed (its header read) but not yet checked. */
export const CHECKING = 'checking';
/** Its figures until then: none (shown as pending, in no total). */
export const PENDING_FIGURES: SessionFigures = { turns: 0, steps: 0, toolCalls: 0, toolErrors: 0, tokens: ZERO_TOKENS, compactions: 0, prunes: 0, events: 0, wallMs: 0, models: [], byModel: {}, byDay: {} };

/**
 * A session's fleet entry: its judged figures, else a pending row from its header, else (its
 * header not read yet) a pending row from the folder's listing, named by the id its directory
 * encodes (DSH's layout) or by its path, with no project or parent until the header says them.
 * null: not a session (no readable header, or judged without one).
 */
export function entryOf(s: FolderSession): FleetEntry | null {
  if (s.judged) return 'fleet' in s.judged && s.judged.fleet ? s.judged.fleet : null;
  const h = s.header;
  if (h === undefined) return { id: s.dirId ?? s.path, path: s.path, kind: 'root', parent: null, verdict: CHECKING, partial: true, figures: PENDING_FIGURES };
  if (!h || typeof h.id !== 'string') return null;
  return { id: h.id, path: s.path, ...(h.cwd !== undefined ? { project: h.cwd } : {}), ...(h.createdAt !== undefined ? { createdAt: h.createdAt } : {}),
    kind: kindOf(h), parent: h.parentSession ?? null, verdict: CHECKING, partial: true, figures: PENDING_FIGURES };
}

export interface FleetFilter {
  readonly project?: string;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  readonly from?: string;
  readonly to?: string;
  readonly kind?: SessionKind;
  readonly errorsOnly?: boolean;
  /** Text in the title (or id, or path). */
  readonly text?: string;
}

export type SortKey = 'session' | 'project' | 'started' | 'duration' | 'kind' | 'turns' | 'steps' | 'toolCalls' | 'toolErrors' | TokenClass | 'total' | 'cost' | 'verdict';
export interface Sort { readonly key: SortKey; readonly dir: 1 | -1 }

export interface TableRow { readonly row: FleetRow; readonly depth: number }

export const titleOf = (r: FleetRow): string => r.figures.title ?? r.id;

/** A row's cost: its total with sub-agents under the table (none without one, nor for a row still being checked). */
export const rowCost = (r: FleetRow, prices: PriceTable | undefined): Cost | undefined =>
  (prices && r.verdict !== CHECKING ? deriveCost(r.totalByModel, prices) : undefined);

/** The cost of the loaded rows' own tokens (each session once), under the table. */
export function fleetCost(rows: readonly FleetRow[], prices: PriceTable): Cost {
  let amount = 0, unpricedTokens = 0;
  const unpriced = new Set<string>();
  for (const r of rows) {
    if (r.partial) continue;
    const c = deriveCost(r.figures.byModel, prices);
    amount += c.amount; unpricedTokens += c.unpricedTokens;
    for (const m of c.unpricedModels) unpriced.add(m);
  }
  return { amount, ...(prices.currency !== undefined ? { currency: prices.currency } : {}), table: prices.name, unpricedTokens, unpricedModels: [...unpriced] };
}

/** A cost as the fleet view shows it: the amount, its currency, and the tokens it could not price. */
export function formatCost(c: Cost): string {
  const amount = c.amount < 100 ? c.amount.toFixed(4) : c.amount.toFixed(2);
  return `${amount}${c.currency ? ` ${c.currency}` : ''}${c.unpricedTokens ? ` (+${c.unpricedTokens} tokens unpriced)` : ''}`;
}

function value(r: FleetRow, k: SortKey, prices?: PriceTable): number | string {
  const f = r.figures;
  switch (k) {
    case 'session': return titleOf(r).toLowerCase();
    case 'project': return r.project ?? '';
    case 'started': return f.firstTime ?? r.createdAt ?? 0;
    case 'duration': return f.wallMs;
    case 'kind': return r.kind;
    case 'turns': case 'steps': case 'toolCalls': case 'toolErrors': return f[k];
    case 'total': return tokenSum(r.total.tokens);
    case 'cost': return rowCost(r, prices)?.amount ?? -1;
    case 'verdict': return r.verdict;
    default: return f.tokens[k];
  }
}

export function matches(r: FleetRow, f: FleetFilter): boolean {
  if (f.project !== undefined && f.project !== '' && (r.project ?? '') !== f.project) return false;
  if (f.kind !== undefined && r.kind !== f.kind) return false;
  if (f.errorsOnly && r.figures.toolErrors === 0) return false;
  if (f.from || f.to) {
    const d = dayOfStart(r);
    if ((f.from && d < f.from) || (f.to && d > f.to)) return false;
  }
  const q = f.text?.trim().toLowerCase();
  if (q && !titleOf(r).toLowerCase().includes(q) && !r.id.toLowerCase().includes(q) && !r.path.toLowerCase().includes(q)) return false;
  return true;
}

/**
 * The shown rows: those matching the filter, each under its parent when the parent is shown too
 * (else at the top), siblings sorted by `sort`, depth first.
 */
export function fleetTable(rows: readonly FleetRow[], filter: FleetFilter, sort: Sort, prices?: PriceTable): TableRow[] {
  const shown = rows.filter((r) => matches(r, filter));
  const byId = new Map<string, FleetRow>();
  for (const r of shown) if (!byId.has(r.id)) byId.set(r.id, r);
  const kids = new Map<string, FleetRow[]>();
  const tops: FleetRow[] = [];
  for (const r of shown) {
    const p = r.parent !== null ? byId.get(r.parent) : undefined;
    if (p && p !== r) { const l = kids.get(p.id) ?? []; l.push(r); kids.set(p.id, l); } else tops.push(r);
  }
  const cmp = (a: FleetRow, b: FleetRow) => {
    const x = value(a, sort.key, prices), y = value(b, sort.key, prices);
    return (x < y ? -1 : x > y ? 1 : 0) * sort.dir || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  };
  const out: TableRow[] = [];
  const seen = new Set<FleetRow>();
  const stack: TableRow[] = [...tops].sort(cmp).reverse().map((row) => ({ row, depth: 0 }));
  while (stack.length) {
    const t = stack.pop()!;
    if (seen.has(t.row)) continue;
    seen.add(t.row);
    out.push(t);
    const c = kids.get(t.row.id);
    if (c) for (const k of [...c].sort(cmp).reverse()) stack.push({ row: k, depth: t.depth + 1 });
  }
  // rows only reachable through a cycle of parents still appear
  for (const r of shown) if (!seen.has(r)) out.push({ row: r, depth: 0 });
  return out;
}

export interface DayChart {
  readonly days: readonly string[];
  readonly series: readonly string[];
  /** values[d][s]: tokens of series s on day d. */
  readonly values: readonly (readonly number[])[];
}

/** The token-class stack's series: the parts of the total (output split into reasoning and the rest), each token once. */
export const CLASS_SERIES: Readonly<Record<TokenPart, string>> = { input: 'input', cacheRead: 'cache read', cacheWrite: 'cache write', answer: 'output (not reasoning)', reasoning: 'reasoning' };

/** Tokens per UTC day (of each step) over loaded sessions, by project or by token class (the stack adds up to the day's total). */
export function tokensByDay(rows: readonly FleetRow[], by: 'project' | 'class'): DayChart {
  const CLASSES = TOKEN_PARTS.map((p) => CLASS_SERIES[p]);
  const days = new Map<string, Map<string, number>>();
  const series = new Set<string>(by === 'class' ? CLASSES : []);
  for (const r of rows) {
    if (r.partial) continue;
    const proj = r.project ?? '(no cwd)';
    if (by === 'project') series.add(proj);
    for (const [d, t] of Object.entries(r.figures.byDay)) {
      const m = days.get(d) ?? new Map<string, number>();
      days.set(d, m);
      if (by === 'project') m.set(proj, (m.get(proj) ?? 0) + tokenSum(t));
      else {
        const parts = tokenParts(t);
        for (const p of TOKEN_PARTS) m.set(CLASS_SERIES[p], (m.get(CLASS_SERIES[p]) ?? 0) + parts[p]);
      }
    }
  }
  const dayList = [...days.keys()].sort();
  const seriesList = by === 'class' ? CLASSES : [...series].sort();
  return { days: dayList, series: seriesList, values: dayList.map((d) => seriesList.map((s) => days.get(d)!.get(s) ?? 0)) };
}
