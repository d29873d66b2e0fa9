/**
 * Seqscope CLI. `check FILE... [--json] [--at SEQ]`: DSH's verdict for each file, through the same
 * loader and core as the viewer. Exit 0 when every file loads, 1 when any is refused, 2 on usage.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadBytes } from '../io/load';
import { formatMomentRecord, formatVerdictRecord } from '../io/verdict-record';
import { formatSummary } from './summary';
import { runTour } from './tour';

const USAGE = 'usage: seqscope check FILE... [--json] [--at SEQ] | seqscope tour check SESSION TOUR [--json] | seqscope tour builtin SESSION';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === 'tour') return runTour(rest, { out: (l) => console.log(l), err: (l) => console.error(l) });
  if (cmd !== 'check') { console.error(USAGE); return 2; }
  let json = false;
  let at: number | undefined;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--json') json = true;
    else if (a === '--at') {
      const v = rest[++i];
      if (v === undefined || !/^\d+$/.test(v)) { console.error(`--at needs a seq (a non-negative integer). ${USAGE}`); return 2; }
      at = Number(v);
    } else if (a.startsWith('--')) { console.error(`unknown option ${a}. ${USAGE}`); return 2; }
    else files.push(a);
  }
  if (files.length === 0) { console.error(USAGE); return 2; }
  let refused = false;
  for (const file of files) {
    let record: Record<string, unknown>;
    try {
      const bytes = new Uint8Array(readFileSync(file));
      const r = await loadBytes(bytes, { fileName: file });
      record = { file, ...formatVerdictRecord(r, sha256) };
      if (at !== undefined && r.timeline) record.at = formatMomentRecord(r, at);
      if (!json) console.log(formatSummary(file, r, at));
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      record = { file, ok: false, kind: 'corrupt', code: 'read-failed', message: `Could not read the file: ${msg}` };
      if (!json) console.log(`${file}: could not read: ${msg}`);
    }
    if (!record.ok) refused = true;
    if (json) console.log(JSON.stringify(record));
  }
  return refused ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err) => { console.error(err); process.exitCode = 2; });
