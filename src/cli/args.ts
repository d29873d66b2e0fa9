/** Command-line words → options for `seqscope`. Usage errors are one sentence each. */
import { parseExportArgs, type ExportOptions } from './export-args';

export { UsageError } from './usage-error';
import { UsageError } from './usage-error';

export const USAGE = [
  'usage: seqscope check FILE|DIR... [--json [--full]] [--digests] [--at SEQ] [--jobs N]',
  '       seqscope serve [DIR] [--port N]',
  '       seqscope compare A B [--json]',
  '       seqscope stats DIR|FILE... [--json | --csv] [--by session|project|day|model] [--prices FILE] [--jobs N] [--merge]',
  '       seqscope grep PATTERN DIR|FILE... [--json] [--type FAMILY] [--tool NAME] [--errors] [--max N] [--jobs N]',
  '       seqscope export FILE|DIR|ZIP... [--otlp OUT.json | --otlp --endpoint URL] [--perfetto OUT.json] [--content [--redact]]',
  '       seqscope tour check SESSION TOUR [--json] | seqscope tour builtin SESSION',
  '       seqscope bundle FILE [--tour TOUR] [--at SEQ] [--view NAME] [--select SEQ] [--a SEQ] [--b SEQ] [--redact] -o OUT.html',
  '       seqscope unbundle BUNDLE.html -o OUT',
  '       seqscope redact FILE -o OUT.jsonl|OUT.jsonl.zstd [--strings FILE] [--report FILE.json] | seqscope redact FILE --check [--json]',
].join('\n');

export interface CheckOptions {
  readonly paths: readonly string[];
  readonly json: boolean;
  /** With `json`: each record keeps its seq and id arrays (else counts stand in for them). */
  readonly full: boolean;
  readonly digests: boolean;
  readonly at?: number;
  readonly jobs: number;
}

export interface ServeOptions {
  readonly dir?: string;
  readonly port: number;
  /** No --port given: when DEFAULT_PORT is taken, the next free port is used (an explicit --port is strict). */
  readonly portFallback: boolean;
}

export const DEFAULT_PORT = 4173;

export interface CompareOptions {
  readonly a: string;
  readonly b: string;
  readonly json: boolean;
}

export type Command = { readonly cmd: 'check'; readonly opts: CheckOptions } | { readonly cmd: 'serve'; readonly opts: ServeOptions } | { readonly cmd: 'compare'; readonly opts: CompareOptions }
  | { readonly cmd: 'export'; readonly opts: ExportOptions } | { readonly cmd: 'help' };


const count = (flag: string, v: string | undefined, min: number, max: number): number => {
  if (v === undefined || !/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`${flag} needs a whole number from ${min} to ${max}.`);
  return Number(v);
};

export function parseArgs(argv: readonly string[]): Command {
  const [cmd, ...rest] = argv;
  if (cmd === undefined) throw new UsageError('a command is needed.');
  if (cmd === '--help' || cmd === '-h' || cmd === 'help') return { cmd: 'help' };
  if (cmd === 'check') {
    let json = false, full = false, digests = false, jobs = 1, at: number | undefined;
    const paths: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i];
      if (a === '--json') json = true;
      else if (a === '--full') full = true;
      else if (a === '--digests') digests = true;
      else if (a === '--at') {
        const v = rest[++i];
        if (v === undefined || !/^\d+$/.test(v)) throw new UsageError('--at needs a seq (a non-negative integer).');
        at = Number(v);
      } else if (a === '--jobs') jobs = count('--jobs', rest[++i], 1, 64);
      else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}.`);
      else paths.push(a);
    }
    if (paths.length === 0) throw new UsageError('check needs at least one FILE or DIR.');
    if (full && !json) throw new UsageError('--full needs --json (it keeps the arrays in each JSON record).');
    return { cmd: 'check', opts: { paths, json, full, digests, at, jobs } };
  }
  if (cmd === 'serve') {
    let port = DEFAULT_PORT, portFallback = true;
    let dir: string | undefined;
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i];
      if (a === '--port') { port = count('--port', rest[++i], 0, 65535); portFallback = false; }
      else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}.`);
      else if (dir === undefined) dir = a;
      else throw new UsageError('serve takes at most one DIR.');
    }
    return { cmd: 'serve', opts: { dir, port, portFallback } };
  }
  if (cmd === 'compare') {
    const unknown = rest.find((a) => a.startsWith('--') && a !== '--json');
    if (unknown) throw new UsageError(`unknown option ${unknown}.`);
    const files = rest.filter((a) => a !== '--json');
    if (files.length !== 2) throw new UsageError('compare needs two session logs, A and B.');
    return { cmd: 'compare', opts: { a: files[0], b: files[1], json: rest.includes('--json') } };
  }
  if (cmd === 'export') return { cmd: 'export', opts: parseExportArgs(rest) };
  throw new UsageError(`unknown command ${JSON.stringify(cmd)}.`);
}
