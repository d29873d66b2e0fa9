/**
 * `seqscope stats` output: the JSON document (a form that merges: `stats --merge` reads it back),
 * CSV (one header line, one row per session or group) and a terminal table.
 */
import { deriveCost, type Cost, type PriceTable } from '../core/cost';
import { dayOfStart, treeOrder, type Fleet, type FleetEntry, type FleetGroup, type FleetRow } from '../core/fleet-figures';
import type { OwnFigures, SessionFigures } from '../core/session-figures';
import { addTokenClasses, TOKEN_CLASSES, tokenSum, ZERO_TOKENS, type TokenClasses } from '../core/step-usage';

export interface SkippedFile { readonly path: string; readonly reason: string }

const own = (f: OwnFigures) => ({ turns: f.turns, steps: f.steps, toolCalls: f.toolCalls, toolErrors: f.toolErrors, tokens: { input: f.tokens.input, output: f.tokens.output, cacheRead: f.tokens.cacheRead, cacheWrite: f.tokens.cacheWrite, reasoning: f.tokens.reasoning } });
const iso = (t: number | undefined) => (t !== undefined && Number.isFinite(t) && Math.abs(t) <= 8.64e15 ? new Date(t).toISOString() : null);
const costJson = (c: Cost) => ({ amount: c.amount, ...(c.currency !== undefined ? { currency: c.currency } : {}), table: c.table, ...(c.unpricedTokens ? { unpricedTokens: c.unpricedTokens, unpricedModels: c.unpricedModels } : {}) });

/** One session of the document: the §3 keys first, then what a merge needs to rebuild the entry. */
function sessionJson(r: FleetRow, prices?: PriceTable): Record<string, unknown> {
  const f = r.figures;
  return {
    id: r.id, path: r.path, kind: r.kind, parent: r.parent, verdict: r.verdict, own: own(f), total: own(r.total),
    ...(prices ? { cost: costJson(deriveCost(f.byModel, prices)), totalCost: costJson(deriveCost(r.totalByModel, prices)) } : {}),
    project: r.project ?? null, createdAt: r.createdAt ?? null, started: iso(f.firstTime ?? r.createdAt), wallMs: f.wallMs,
    compactions: f.compactions, prunes: f.prunes, events: f.events, firstTime: f.firstTime ?? null, lastTime: f.lastTime ?? null,
    models: f.models, byModel: f.byModel, byDay: f.byDay, partial: r.partial,
    ...(r.message !== undefined ? { message: r.message } : {}), ...(f.title !== undefined ? { title: f.title } : {}),
  };
}

function groupJson(g: FleetGroup, prices?: PriceTable): Record<string, unknown> {
  return { key: g.key, sessions: g.sessions, ...own(g.figures), ...(prices && Object.keys(g.byModel).length ? { cost: costJson(deriveCost(g.byModel, prices)) } : {}) };
}

export function formatStatsJson(fleet: Fleet, skipped: readonly SkippedFile[], groups?: readonly FleetGroup[], prices?: PriceTable): string {
  const loaded = fleet.rows.filter((r) => !r.partial);
  const byModel: Record<string, TokenClasses> = {};
  for (const r of loaded) for (const [m, t] of Object.entries(r.figures.byModel)) byModel[m] = addTokenClasses(byModel[m] ?? ZERO_TOKENS, t);
  const doc = {
    sessions: fleet.rows.map((r) => sessionJson(r, prices)),
    totals: { ...own(fleet.totals), sessions: loaded.length, partial: fleet.rows.length - loaded.length, ...(prices ? { cost: costJson(deriveCost(byModel, prices)) } : {}) },
    ...(groups ? { groups: groups.map((g) => groupJson(g, prices)) } : {}),
    ...(prices ? { prices: { table: prices.name, ...(prices.currency !== undefined ? { currency: prices.currency } : {}) } } : {}),
    skipped,
  };
  return JSON.stringify(doc, null, 1);
}

/** A CSV cell: quoted when needed; a leading `= + - @` is neutralised so a spreadsheet never runs it. */
export function csvCell(v: unknown): string {
  if (v === undefined || v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(',');
const OWN_COLS = ['turns', 'steps', 'toolCalls', 'toolErrors', ...TOKEN_CLASSES] as const;
const ownCells = (f: OwnFigures) => [f.turns, f.steps, f.toolCalls, f.toolErrors, ...TOKEN_CLASSES.map((c) => f.tokens[c])];

export function formatStatsCsv(fleet: Fleet, groups?: readonly FleetGroup[], prices?: PriceTable): string {
  const costHead = prices ? [`cost (${prices.name})`] : [];
  if (groups) {
    const lines = [csvLine(['key', 'sessions', ...OWN_COLS, ...costHead])];
    for (const g of groups) lines.push(csvLine([g.key, g.sessions, ...ownCells(g.figures), ...(prices ? [Object.keys(g.byModel).length ? deriveCost(g.byModel, prices).amount : ''] : [])]));
    return lines.join('\n');
  }
  const lines = [csvLine(['id', 'path', 'project', 'kind', 'parent', 'verdict', 'started', 'wallMs', ...OWN_COLS, 'compactions', 'prunes', ...OWN_COLS.map((c) => `total ${c}`), ...costHead, 'title'])];
  for (const r of fleet.rows) {
    const f = r.figures;
    lines.push(csvLine([r.id, r.path, r.project, r.kind, r.parent, r.verdict, iso(f.firstTime ?? r.createdAt), f.wallMs, ...ownCells(f), f.compactions, f.prunes, ...ownCells(r.total),
      ...(prices ? [deriveCost(f.byModel, prices).amount] : []), f.title]));
  }
  return lines.join('\n');
}

const n = (x: number) => x.toLocaleString('en-US');
const dur = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)}s` : ms < 3_600_000 ? `${Math.round(ms / 60_000)}m` : `${(ms / 3_600_000).toFixed(1)}h`);
// eslint-disable-next-line no-control-regex -- untrusted text printed to a terminal
const safe = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');

/** A terminal table: one line per session (sub-agents and forks indented under their parent) or group, then the totals. */
export function formatStatsText(fleet: Fleet, skipped: readonly SkippedFile[], groups?: readonly FleetGroup[], prices?: PriceTable): string {
  const out: string[] = [];
  const tokens = (f: OwnFigures) => `${n(tokenSum(f.tokens))} tok (in ${n(f.tokens.input)}, cache r ${n(f.tokens.cacheRead)} w ${n(f.tokens.cacheWrite)}, out ${n(f.tokens.output)}, reas ${n(f.tokens.reasoning)})`;
  if (groups) {
    for (const g of groups) out.push(`${safe(g.key)}: ${g.sessions} sessions, ${n(g.figures.turns)} turns, ${n(g.figures.steps)} steps, ${n(g.figures.toolCalls)} tool calls (${n(g.figures.toolErrors)} errors), ${tokens(g.figures)}${prices && Object.keys(g.byModel).length ? `, ${costText(deriveCost(g.byModel, prices))}` : ''}`);
  } else {
    for (const r of treeOrder(fleet.rows)) {
      const f: SessionFigures = r.figures;
      const pad = '  '.repeat(Math.min(r.depth, 8));
      const total = r.total.steps !== f.steps || tokenSum(r.total.tokens) !== tokenSum(f.tokens) ? `; with sub-agents ${tokens(r.total)}` : '';
      out.push(`${pad}${safe(r.path)} [${r.kind}${r.verdict === 'ok' ? '' : `, refused (${r.verdict}), partial`}] ${dayOfStart(r)} ${dur(f.wallMs)}: ${n(f.turns)} turns, ${n(f.steps)} steps, ${n(f.toolCalls)} tool calls (${n(f.toolErrors)} errors), ${tokens(f)}${total}`);
      if (r.message) out.push(`${pad}  ${safe(r.message)}`);
    }
  }
  const loaded = fleet.rows.filter((r) => !r.partial).length;
  out.push(`totals over ${loaded} loaded sessions${fleet.rows.length > loaded ? ` (${fleet.rows.length - loaded} refused, not counted)` : ''}: ${n(fleet.totals.turns)} turns, ${n(fleet.totals.steps)} steps, ${n(fleet.totals.toolCalls)} tool calls (${n(fleet.totals.toolErrors)} errors), ${tokens(fleet.totals)}`);
  if (skipped.length) out.push(`${skipped.length} files are not session logs (first: ${safe(skipped[0].path)}: ${safe(skipped[0].reason)})`);
  return out.join('\n');
}

const costText = (c: Cost) => `cost ${c.amount.toFixed(4)}${c.currency ? ` ${c.currency}` : ''} by price table ${c.table}${c.unpricedTokens ? ` (${n(c.unpricedTokens)} tokens unpriced: ${c.unpricedModels.join(', ')})` : ''}`;

/** Entries back from a document's sessions (`stats --merge`); throws on a session that lacks a field it needs. */
export function entriesFromDocument(doc: unknown, name: string): { entries: FleetEntry[]; skipped: SkippedFile[] } {
  const bad = (why: string) => new Error(`${name} is not a seqscope stats --json document: ${why}.`);
  if (!doc || typeof doc !== 'object' || !Array.isArray((doc as { sessions?: unknown }).sessions)) throw bad('it has no "sessions" list');
  const d = doc as { sessions: Record<string, unknown>[]; skipped?: SkippedFile[] };
  const entries = d.sessions.map((s, i): FleetEntry => {
    const o = s.own as OwnFigures | undefined;
    if (typeof s.id !== 'string' || typeof s.path !== 'string' || !o || typeof o !== 'object' || !o.tokens) throw bad(`session ${i} lacks id, path or own figures`);
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    const figures: SessionFigures = {
      ...own(o), compactions: num(s.compactions) ?? 0, prunes: num(s.prunes) ?? 0, events: num(s.events) ?? 0,
      ...(num(s.firstTime) !== undefined ? { firstTime: num(s.firstTime), lastTime: num(s.lastTime) } : {}), wallMs: num(s.wallMs) ?? 0,
      models: Array.isArray(s.models) ? (s.models as string[]) : [], byModel: (s.byModel ?? {}) as SessionFigures['byModel'], byDay: (s.byDay ?? {}) as SessionFigures['byDay'],
      ...(typeof s.title === 'string' ? { title: s.title } : {}),
    };
    return {
      id: s.id, path: s.path, ...(typeof s.project === 'string' ? { project: s.project } : {}), ...(num(s.createdAt) !== undefined ? { createdAt: num(s.createdAt) } : {}),
      kind: s.kind === 'subagent' || s.kind === 'fork' ? s.kind : 'root', parent: typeof s.parent === 'string' ? s.parent : null,
      verdict: typeof s.verdict === 'string' ? s.verdict : 'ok', ...(typeof s.message === 'string' ? { message: s.message } : {}), partial: s.partial === true, figures,
    };
  });
  return { entries, skipped: Array.isArray(d.skipped) ? d.skipped : [] };
}
