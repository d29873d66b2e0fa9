/** Command-line words → options for `seqscope stats` and `seqscope grep`. Usage errors are one sentence each. */
import type { GroupBy } from '../core/fleet-figures';
import { UsageError } from './args';

export const STATS_USAGE = 'seqscope stats DIR|FILE... [--json | --csv] [--by session|project|day|model] [--prices FILE] [--jobs N] [--merge]';
export const GREP_USAGE = 'seqscope grep PATTERN DIR|FILE... [--json] [--type FAMILY] [--tool NAME] [--errors] [--max N] [--jobs N]';

export interface StatsOptions {
  readonly paths: readonly string[];
  readonly format: 'text' | 'json' | 'csv';
  readonly by: 'session' | GroupBy;
  readonly prices?: string;
  readonly jobs: number;
  /** The paths are `stats --json` documents of shards, to merge. */
  readonly merge: boolean;
}

export interface GrepOptions {
  /** Text (case-insensitive), or `/regex/flags`. */
  readonly pattern: string;
  readonly paths: readonly string[];
  readonly json: boolean;
  /** Event family: the part of the type before `/` (`tool`, `assistant`, …), or a whole type. */
  readonly type?: string;
  readonly tool?: string;
  /** Only tool results that are errors (and their calls). */
  readonly errors: boolean;
  /** Hits printed per session at most (the count still counts every hit). */
  readonly max: number;
  readonly jobs: number;
}

const whole = (flag: string, v: string | undefined, min: number, max: number): number => {
  if (v === undefined || !/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`${flag} needs a whole number from ${min} to ${max}.`);
  return Number(v);
};
const value = (flag: string, v: string | undefined): string => {
  if (v === undefined || v === '') throw new UsageError(`${flag} needs a value.`);
  return v;
};

export function parseStatsArgs(rest: readonly string[]): StatsOptions {
  let format: StatsOptions['format'] = 'text', by: StatsOptions['by'] = 'session', prices: string | undefined, jobs = 1, merge = false;
  const paths: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--json' || a === '--csv') {
      const f = a === '--json' ? 'json' : 'csv';
      if (format !== 'text' && format !== f) throw new UsageError('--json and --csv exclude each other.');
      format = f;
    } else if (a === '--by') {
      const v = rest[++i];
      if (v !== 'session' && v !== 'project' && v !== 'day' && v !== 'model') throw new UsageError('--by needs one of session, project, day, model.');
      by = v;
    } else if (a === '--prices') prices = value('--prices', rest[++i]);
    else if (a === '--jobs') jobs = whole('--jobs', rest[++i], 1, 64);
    else if (a === '--merge') merge = true;
    else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}.`);
    else paths.push(a);
  }
  if (paths.length === 0) throw new UsageError(merge ? 'stats --merge needs at least one stats --json document.' : 'stats needs at least one FILE or DIR.');
  return { paths, format, by, ...(prices !== undefined ? { prices } : {}), jobs, merge };
}

export function parseGrepArgs(rest: readonly string[]): GrepOptions {
  let json = false, type: string | undefined, tool: string | undefined, errors = false, max = 20, jobs = 1;
  const words: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--json') json = true;
    else if (a === '--type') type = value('--type', rest[++i]);
    else if (a === '--tool') tool = value('--tool', rest[++i]);
    else if (a === '--errors') errors = true;
    else if (a === '--max') max = whole('--max', rest[++i], 0, 1_000_000);
    else if (a === '--jobs') jobs = whole('--jobs', rest[++i], 1, 64);
    else if (a === '--') { words.push(...rest.slice(i + 1)); break; }
    else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}.`);
    else words.push(a);
  }
  const [pattern, ...paths] = words;
  if (pattern === undefined || pattern === '') throw new UsageError('grep needs a PATTERN (text, or /regex/).');
  if (paths.length === 0) throw new UsageError('grep needs at least one FILE or DIR after the PATTERN.');
  return { pattern, paths, json, ...(type !== undefined ? { type } : {}), ...(tool !== undefined ? { tool } : {}), errors, max, jobs };
}
