/**
 * The Share review in the session worker: the redaction engine (src/io/redact) over the bytes the
 * session was loaded from. `review` lists the findings with, for each, its field before (the
 * credential masked) and after redaction; `write` gives the redacted copy. The credential itself
 * never leaves this worker: a finding's "before" shows it as dots.
 */
import { redactFile, redactLog, type Finding, type RedactOptions } from '../io/redact';
import { unpackLog } from '../io/bundle-pack';
import { concatBytes } from '../io/bytes';
import { sniffFormat } from '../io/sniff';
import type { ShareFinding, ShareReview, ShareSettings } from '../protocol/share-protocol';
import { workerCompressor } from './zstd-compressor';

/** Characters either side of a finding in its before/after texts. */
const AROUND = 60;

const optionsOf = (s: ShareSettings): RedactOptions => ({
  keep: s.keep,
  extraStrings: s.extraStrings.filter((x) => x.length > 0),
});

/** The plain text of the source's physical lines (zstd decoded). */
async function plainLines(bytes: Uint8Array): Promise<string[]> {
  const plain = sniffFormat(bytes) === 'zstd' ? await unpackLog(bytes) : bytes;
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(plain).split('\n');
}

/** `data.texts[3]`, `a["b c"].d` → keys. */
export function parsePath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /(?:^|\.)([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (let m = re.exec(path); m; m = re.exec(path)) out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3])));
  return out;
}

function stringAt(line: string | undefined, path: string): string | undefined {
  if (line === undefined) return undefined;
  if (path === '') return line;
  let v: unknown;
  try { v = JSON.parse(line); } catch { return line; }
  for (const k of parsePath(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return typeof v === 'string' ? v : undefined;
}

/** The finding's offset in its string, from its id (`<line>:<path>:<offset>`). */
const offsetOf = (f: Finding) => Number(f.id.slice(f.id.lastIndexOf(':') + 1)) || 0;

function window(text: string, from: number, to: number): string {
  const a = Math.max(0, from - AROUND), b = Math.min(text.length, to + AROUND);
  return (a > 0 ? '…' : '') + text.slice(a, b) + (b < text.length ? '…' : '');
}

function describe(f: Finding, before: string[], after: readonly string[]): ShareFinding {
  const at = offsetOf(f);
  const orig = stringAt(before[f.line - 1], f.path);
  const red = stringAt(after[f.line - 1], f.path);
  const masked = orig === undefined ? undefined : orig.slice(0, at) + '•'.repeat(Math.min(f.length, 12)) + orig.slice(at + f.length);
  return {
    id: f.id, rule: f.rule, line: f.line, path: f.path, preview: f.preview, replacement: f.replacement,
    ...(f.seq !== undefined ? { seq: f.seq } : {}), ...(f.kept ? { kept: true } : {}), ...(f.raw ? { raw: true } : {}),
    before: masked === undefined ? undefined : window(masked, at, at + Math.min(f.length, 12)),
    after: red === undefined ? undefined : window(red, at, at + f.replacement.length),
  };
}

export async function reviewShare(bytes: Uint8Array, s: ShareSettings): Promise<ShareReview> {
  const red = await redactLog(bytes, optionsOf(s));
  const lines = red.report.findings.length ? await plainLines(bytes) : [];
  const findings = red.report.findings.map((f) => describe(f, lines, red.lines));
  return { findings, redacted: red.report.redacted, kept: red.report.kept, byRule: red.report.byRule };
}

/** The redacted copy: `.jsonl`, or `.jsonl.zstd` compressed by libzstd in DSH's framing (the input's frames kept). */
export async function writeShare(bytes: Uint8Array, s: ShareSettings, encoding: 'jsonl' | 'zstd'): Promise<{ bytes: ArrayBuffer; redacted: number; rules: string[] }> {
  const parts: Uint8Array[] = [];
  const compress = encoding === 'zstd' ? await workerCompressor() : undefined;
  const report = await redactFile(bytes, (b) => parts.push(b.slice()), { ...optionsOf(s), encoding, compress });
  const out = concatBytes(parts);
  const rules = [...new Set(report.findings.filter((f) => !f.kept).map((f) => f.rule))].sort();
  return { bytes: out.buffer, redacted: report.redacted, rules };
}
