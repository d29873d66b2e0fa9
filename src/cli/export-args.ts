/** `seqscope export` words → options. */
import { UsageError } from './usage-error';

export interface ExportOptions {
  readonly paths: readonly string[];
  /** OTLP/JSON written to this file (one document). */
  readonly otlp?: string;
  /** OTLP/HTTP (JSON bodies) sent to this URL. */
  readonly endpoint?: string;
  /** Perfetto / Chrome trace JSON written to this file. */
  readonly perfetto?: string;
  readonly content: boolean;
  readonly redact: boolean;
}

export function parseExportArgs(rest: readonly string[]): ExportOptions {
  const paths: string[] = [];
  let otlp: string | undefined, otlpAsked = false, endpoint: string | undefined, perfetto: string | undefined;
  let content = false, redact = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--otlp') {
      otlpAsked = true;
      // OUT is optional: `--otlp --endpoint URL` sends instead of writing
      if (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--')) otlp = rest[++i];
    } else if (a === '--endpoint') {
      const v = rest[++i];
      if (v === undefined || !/^https?:\/\/\S+$/i.test(v)) throw new UsageError('--endpoint needs an http:// or https:// URL.');
      endpoint = v;
    } else if (a === '--perfetto') {
      const v = rest[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError('--perfetto needs an output file.');
      perfetto = v;
    } else if (a === '--content') content = true;
    else if (a === '--redact') redact = true;
    else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}.`);
    else paths.push(a);
  }
  if (paths.length === 0) throw new UsageError('export needs at least one FILE, DIR or ZIP.');
  if (endpoint !== undefined && !otlpAsked) throw new UsageError('--endpoint goes with --otlp (OTLP/HTTP).');
  if (endpoint !== undefined && otlp !== undefined) throw new UsageError('--otlp takes either an output file or --endpoint, not both.');
  if (otlpAsked && otlp === undefined && endpoint === undefined) throw new UsageError('--otlp needs an output file, or --endpoint URL.');
  if (!otlpAsked && perfetto === undefined) throw new UsageError('export needs --otlp OUT.json, --otlp --endpoint URL or --perfetto OUT.json.');
  if (redact && !content) throw new UsageError('--redact goes with --content (it redacts the content that --content adds).');
  return { paths, otlp, endpoint, perfetto, content, redact };
}
