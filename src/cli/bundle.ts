/**
 * `seqscope bundle FILE [--tour TOUR] [--at SEQ] [--view NAME] [--select SEQ] [--a SEQ] [--b SEQ] [--redact] -o OUT.html`:
 * one `.html` file holding the viewer, the log (a plain log packed as zstd frames; with --redact,
 * its redacted copy as zstd), the tour and where to open; it opens from disk with no server (docs/sharing.md).
 * `seqscope unbundle BUNDLE.html -o OUT`: the log a bundle carries, byte for byte as it was
 * bundled (`OUT` ending in `.zstd` takes a packed plain log as its zstd frames).
 * Exit 0 written, 1 refused (not a log, not a bundle, a place or tour that does not fit), 2 usage.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTourAgainst, validateTour, type Tour } from '../core/tour';
import { BUNDLE_VIEWS, buildBundle, extractBundle, type BundleMeta, type BundleOpen, type BundleView } from '../io/bundle-file';
import { packLog, unpackLog } from '../io/bundle-pack';
import { loadBytes } from '../io/load';
import { nameForeignFormat, sniffFormat } from '../io/sniff';

export const BUNDLE_USAGE = [
  'usage: seqscope bundle FILE [--tour TOUR] [--at SEQ] [--view NAME] [--select SEQ] [--a SEQ] [--b SEQ] [--redact] -o OUT.html',
  '       seqscope unbundle BUNDLE.html -o OUT',
].join('\n');

export interface BundleIo {
  out(line: string): void;
  err(line: string): void;
  /** Where the built template is (default: dist/bundle-template.html beside the CLI's folder). */
  readonly templatePath?: string;
}

/** The template `npm run build` writes, found from the CLI bundle's own place (dist-cli/ → dist/), as serve finds dist/. */
export const DEFAULT_TEMPLATE = (): string => fileURLToPath(new URL('../dist/bundle-template.html', import.meta.url));

class Refused extends Error {}
class Usage extends Error {}

interface BundleArgs {
  file: string; out: string; tour?: string; open: BundleOpen; redact: boolean;
}

function seqArg(flag: string, v: string | undefined): number {
  if (v === undefined || !/^\d+$/.test(v) || !Number.isSafeInteger(Number(v))) throw new Usage(`${flag} needs a seq (a non-negative integer).`);
  return Number(v);
}

function parseBundleArgs(rest: readonly string[]): BundleArgs {
  let out: string | undefined, tour: string | undefined, redact = false;
  const open: { -readonly [K in keyof BundleOpen]: BundleOpen[K] } = {};
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '-o' || a === '--out') out = rest[++i];
    else if (a === '--tour') tour = rest[++i];
    else if (a === '--redact') redact = true;
    else if (a === '--at') open.cursor = seqArg('--at', rest[++i]);
    else if (a === '--select') open.sel = seqArg('--select', rest[++i]);
    else if (a === '--a') open.a = seqArg('--a', rest[++i]);
    else if (a === '--b') open.b = seqArg('--b', rest[++i]);
    else if (a === '--view') {
      const v = rest[++i];
      if (!(BUNDLE_VIEWS as readonly (string | undefined)[]).includes(v)) throw new Usage(`--view needs one of ${BUNDLE_VIEWS.join(', ')}.`);
      open.view = v as BundleView;
    } else if (a.startsWith('-')) throw new Usage(`unknown option ${a}.`);
    else files.push(a);
  }
  if (files.length !== 1) throw new Usage('bundle needs one FILE.');
  if (!out) throw new Usage('bundle needs -o OUT.html.');
  if (tour === '') throw new Usage('--tour needs a TOUR file.');
  return { file: files[0], out, tour, open, redact };
}

function readTour(path: string): Tour {
  let parsed: unknown;
  try { parsed = JSON.parse(readFileSync(path, 'utf8')); } catch (err) { throw new Refused(`${path} is not a readable tour: ${(err as Error).message}`); }
  const v = validateTour(parsed);
  if (!v.ok) throw new Refused(`${path} is not a valid tour: ${v.message}`);
  return v.tour;
}

/** Checks the place and the tour against the log itself: a seq past its end is refused, not carried. */
async function checkFits(file: string, bytes: Uint8Array, open: BundleOpen, tour: Tour | undefined): Promise<void> {
  if (tour === undefined && Object.values(open).every((v) => typeof v !== 'number')) return;
  const r = await loadBytes(bytes, { fileName: file });
  const length = r.session?.length ?? 0;
  for (const [k, v] of Object.entries(open)) {
    if (typeof v === 'number' && v >= length) throw new Refused(`${k === 'cursor' ? '--at' : k === 'sel' ? '--select' : `--${k}`} ${v} is past the end of ${file} (its last seq is ${length - 1}).`);
  }
  if (tour && r.session) {
    const problems = checkTourAgainst(tour, { id: r.session.id, length });
    if (problems.length) throw new Refused(`the tour does not fit ${file}: ${problems[0].message}`);
  }
}

function readTemplate(io: BundleIo): string {
  const path = io.templatePath ?? DEFAULT_TEMPLATE();
  try { return readFileSync(path, 'latin1'); } catch {
    throw new Refused(`the viewer a bundle holds is not built (${path} is missing); run npm run build in the Seqscope checkout first.`);
  }
}

async function bundle(a: BundleArgs, io: BundleIo): Promise<number> {
  const template = readTemplate(io);
  const bytes = new Uint8Array(readFileSync(a.file));
  const foreign = nameForeignFormat(bytes);
  if (foreign === 'an HTML page' && new TextDecoder().decode(bytes.subarray(0, 1 << 16)).includes('seqscope-bundle')) throw new Refused(`${a.file} is already a bundle; seqscope unbundle takes its log out.`);
  if (foreign) throw new Refused(`${a.file} is ${foreign}, not a session log.`);
  const tour = a.tour ? readTour(a.tour) : undefined;
  await checkFits(a.file, bytes, a.open, tour);
  let name = basename(a.file);
  let carried: Uint8Array = bytes;
  let packed: BundleMeta['packed'];
  let redacted: BundleMeta['redacted'];
  const { libzstdCompressor } = await import('../synth/libzstd');
  if (a.redact) {
    // the redacted copy as zstd frames, as `seqscope redact FILE -o X.jsonl.zstd` writes it
    const { redactFile } = await import('../io/redact/index');
    const parts: Uint8Array[] = [];
    let report;
    try { report = await redactFile(bytes, (b) => parts.push(b.slice()), { encoding: 'zstd', compress: await libzstdCompressor() }); } catch (err) { throw new Refused(`${a.file} cannot be redacted: ${(err as Error).message}`); }
    carried = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let n = 0;
    for (const p of parts) { carried.set(p, n); n += p.length; }
    name = `${name.replace(/\.jsonl(?:\.zstd)?$/i, '')}.redacted.jsonl.zstd`;
    redacted = { findings: report.redacted, rules: [...new Set(report.findings.filter((f) => !f.kept).map((f) => f.rule))].sort() };
  } else if (sniffFormat(bytes) === 'jsonl') {
    carried = await packLog(bytes, await libzstdCompressor());
    packed = 'zstd';
  }
  const meta: BundleMeta = {
    version: 1, name, size: carried.length, ...(packed ? { packed } : {}), ...(redacted ? { redacted } : {}),
    ...(Object.keys(a.open).length ? { open: a.open } : {}), ...(tour ? { tour } : {}),
  };
  const html = buildBundle(template, carried, meta);
  writeFileSync(a.out, html);
  io.out(`${a.out}: ${html.length} bytes (the log ${carried.length} bytes${packed ? `, packed from ${bytes.length}` : ''}${redacted ? `, redacted: ${redacted.findings} cut${redacted.findings === 1 ? '' : 's'}` : ''}; the viewer ${template.length})`);
  return 0;
}

async function unbundle(rest: readonly string[], io: BundleIo): Promise<number> {
  const files = rest.filter((x, i) => !x.startsWith('-') && rest[i - 1] !== '-o' && rest[i - 1] !== '--out');
  const oi = Math.max(rest.indexOf('-o'), rest.indexOf('--out'));
  const out = oi >= 0 ? rest[oi + 1] : undefined;
  const unknown = rest.find((x) => x.startsWith('-') && x !== '-o' && x !== '--out');
  if (unknown) throw new Usage(`unknown option ${unknown}.`);
  if (files.length !== 1 || !out) throw new Usage('unbundle needs one BUNDLE.html and -o OUT.');
  if (statSync(files[0]).size > 2 ** 31) throw new Refused(`${files[0]} is over 2 GiB, larger than any bundle a browser opens.`);
  let x;
  try { x = extractBundle(new Uint8Array(readFileSync(files[0]))); } catch (err) { throw new Refused(`${files[0]}: ${(err as Error).message}`); }
  const asZstd = /\.(zstd|zst)$/i.test(out);
  const bytes = x.meta.packed === 'zstd' && !asZstd ? await unpackLog(x.log) : x.log;
  writeFileSync(out, bytes);
  io.out(`${out}: ${bytes.length} bytes, ${x.meta.name}${x.meta.packed && asZstd ? ' as zstd frames' : ''}${x.meta.redacted ? ` (redacted: ${x.meta.redacted.findings} findings)` : ''}`);
  return 0;
}

export async function runBundle(argv: readonly string[], io: BundleIo): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    if (cmd === 'unbundle') return await unbundle(rest, io);
    return await bundle(parseBundleArgs(rest), io);
  } catch (err) {
    if (err instanceof Usage) { io.err(`seqscope: ${err.message}\n${BUNDLE_USAGE}`); return 2; }
    if (err instanceof Refused) { io.err(`seqscope: ${err.message}`); return 1; }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') { io.err(`seqscope: could not read or write ${(err as NodeJS.ErrnoException).path}: ${code}.`); return 1; }
    throw err;
  }
}
