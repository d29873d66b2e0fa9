/**
 * `seqscope stats` and `seqscope grep` (see ./fleet-args.ts for the words). Exit 0 on success
 * (grep: 0 with hits, 1 without), 2 on a usage error or unreadable input.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { parsePriceTable, type PriceTable } from '../core/cost';
import { SessionError } from '../core/errors';
import { compilePattern } from '../core/event-match';
import { deriveFleet, groupFleet, type FleetEntry } from '../core/fleet-figures';
import { UsageError } from './args';
import { GREP_USAGE, parseGrepArgs, parseStatsArgs, STATS_USAGE, type GrepOptions, type StatsOptions } from './fleet-args';
import { runFleet, type FleetFile } from './fleet-pool';
import { formatGrepHit, formatGrepJson } from './grep-format';
import { entriesFromDocument, formatStatsCsv, formatStatsJson, formatStatsText, type SkippedFile } from './stats-format';
import { collectFiles } from './walk';

export interface FleetIo { out(text: string): void; err(text: string): void }

/** Files under each path, named relative to the DIR they were found in (a FILE as given). */
export function fleetFiles(paths: readonly string[]): FleetFile[] {
  const out: FleetFile[] = [];
  for (const p of paths) {
    let dir = false;
    try { dir = statSync(p).isDirectory(); } catch { /* reported as unreadable */ }
    for (const file of collectFiles([p])) out.push({ file, rel: dir ? relative(p, file).split('\\').join('/') : file });
  }
  return out;
}

export async function runFleetCommand(argv: readonly string[], io: FleetIo, workerUrl: URL): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    return cmd === 'stats' ? await runStats(parseStatsArgs(rest), io, workerUrl) : await runGrep(parseGrepArgs(rest), io, workerUrl);
  } catch (err) {
    if (err instanceof UsageError) { io.err(`seqscope: ${err.message}\nusage: ${cmd === 'stats' ? STATS_USAGE : GREP_USAGE}`); return 2; }
    if (err instanceof SessionError) { io.err(`seqscope: ${err.message}`); return 2; }
    throw err;
  }
}

function readPrices(file: string): PriceTable {
  let v: unknown;
  try { v = JSON.parse(readFileSync(file, 'utf8')); } catch (err) {
    throw new SessionError('prices-unreadable', `The price table ${file} could not be read as JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parsePriceTable(v, basename(file));
}

async function runStats(o: StatsOptions, io: FleetIo, workerUrl: URL): Promise<number> {
  const prices = o.prices !== undefined ? readPrices(o.prices) : undefined;
  const entries: FleetEntry[] = [];
  const skipped: SkippedFile[] = [];
  if (o.merge) {
    for (const p of o.paths) {
      let doc: unknown;
      try { doc = JSON.parse(readFileSync(p, 'utf8')); } catch (err) { io.err(`seqscope: ${p} could not be read as JSON: ${err instanceof Error ? err.message : String(err)}`); return 2; }
      try {
        const d = entriesFromDocument(doc, p);
        entries.push(...d.entries); skipped.push(...d.skipped);
      } catch (err) { io.err(`seqscope: ${(err as Error).message}`); return 2; }
    }
  } else {
    const files = fleetFiles(o.paths);
    if (files.length === 0) { io.err(`seqscope: no DSH logs (.jsonl, .jsonl.zstd) or export ZIPs under ${o.paths.join(', ')}.`); return 2; }
    await runFleet(files, { kind: 'stats' }, o.jobs, workerUrl, (r) => {
      if (r.kind === 'unreadable') skipped.push({ path: r.path, reason: r.reason });
      else if (r.kind === 'stats') {
        if (r.read.kind === 'sessions') entries.push(...r.read.entries);
        else skipped.push({ path: r.read.path, reason: r.read.message });
      }
    });
  }
  const fleet = deriveFleet(entries);
  const groups = o.by === 'session' ? undefined : groupFleet(entries, o.by);
  io.out(o.format === 'json' ? formatStatsJson(fleet, skipped, groups, prices) : o.format === 'csv' ? formatStatsCsv(fleet, groups, prices) : formatStatsText(fleet, skipped, groups, prices));
  return 0;
}

async function runGrep(o: GrepOptions, io: FleetIo, workerUrl: URL): Promise<number> {
  compilePattern(o.pattern); // a bad pattern is a usage error before any file is read
  const files = fleetFiles(o.paths);
  if (files.length === 0) { io.err(`seqscope: no DSH logs (.jsonl, .jsonl.zstd) or export ZIPs under ${o.paths.join(', ')}.`); return 2; }
  let total = 0;
  const filter = { ...(o.type !== undefined ? { type: o.type } : {}), ...(o.tool !== undefined ? { tool: o.tool } : {}), ...(o.errors ? { errors: true } : {}) };
  await runFleet(files, { kind: 'grep', pattern: o.pattern, filter, max: o.max }, o.jobs, workerUrl, (r) => {
    if (r.kind !== 'grep') return;
    for (const s of r.sessions) {
      if (s.count === 0) continue;
      total += s.count;
      io.out(o.json ? formatGrepJson(s) : s.hits.map(formatGrepHit).join('\n') + (s.count > s.hits.length ? `\n${s.path}: ${s.count - s.hits.length} more hits` : ''));
    }
  });
  return total > 0 ? 0 : 1;
}
