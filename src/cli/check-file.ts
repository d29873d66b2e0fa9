import { readFileSync, readdirSync, statSync } from 'node:fs';
import { SessionError } from '../core/errors';
import { compactionsOf } from '../io/compactions';
import { formatCompactionRecord } from '../io/compaction-record';
import { loadBytes } from '../io/load';
import { sniffFormat } from '../io/sniff';
import { formatMomentRecord, formatVerdictRecord, summarizeVerdictRecord } from '../io/verdict-record';
import { readExportZip } from '../io/zip';
import { nodeByteText } from './byte-text';
import { openFileBlob, type FileBlob } from './file-blob';
import type { SyncReader } from '../io/paged-backing';
import { sha256Joined } from './digest';
import { formatSummary } from './summary';
import { zstdFramesInThread } from './zstd-thread';

export interface CheckSettings {
  readonly json: boolean;
  readonly full: boolean;
  readonly digests: boolean;
  readonly at?: number;
}

/**
 * What checking one path printed: one block per session (a ZIP holds several), and how many
 * verdicts were ok, refused, and paths that could not be read at all (no verdict: exit 2).
 */
export interface FileCheck {
  readonly text: string;
  readonly ok: number;
  readonly refused: number;
  readonly unreadable: number;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * DSH's verdict on one file, through the same loader and core as the viewer: a log gives one
 * verdict, an export ZIP one per session in it (`entry` names it). With `json`, one JSON line per
 * verdict (the corpus field names plus `file`; digests only when asked for); else a summary.
 */
export async function checkFile(file: string, s: CheckSettings): Promise<FileCheck> {
  const blocks: string[] = [];
  let ok = 0, refused = 0, unreadable = 0;
  const report = (record: Record<string, unknown>, summary: string) => {
    if (record.code === 'read-failed') unreadable++; else if (record.ok) ok++; else refused++;
    // digests are compared beside the arrays they digest (the conformance record), so they bring them
    blocks.push(s.json ? JSON.stringify(s.full || s.digests ? record : summarizeVerdictRecord(record)) : summary);
  };
  const done = (): FileCheck => ({ text: blocks.join('\n'), ok, refused, unreadable });
  let input: FileBlob;
  let head: Uint8Array;
  try {
    // a folder the walk could not list is kept as a path: listing it again gives the reason
    if (statSync(file).isDirectory()) readdirSync(file);
    input = await openFileBlob(file);
    head = new Uint8Array(await input.blob.slice(0, 4).arrayBuffer());
  } catch (err) {
    const msg = messageOf(err);
    report({ file, ok: false, kind: 'corrupt', code: 'read-failed', message: `Could not read the file: ${msg}` }, `${file}: could not read: ${msg}`);
    return done();
  }
  const one = async (input: Uint8Array | Blob, name: string, base: Record<string, unknown>, syncReader?: SyncReader) => {
    let r;
    try { r = await loadBytes(input, { fileName: name, byteText: nodeByteText, zstdFrames: zstdFramesInThread, syncReader }); } catch (err) {
      const msg = messageOf(err);
      report({ ...base, ok: false, kind: 'corrupt', code: 'check-failed', message: `Could not check the file: ${msg}` }, `${name}: could not check: ${msg}`);
      return;
    }
    if (!s.json) { report({ ok: r.verdict.ok }, formatSummary(name, r, s.at)); return; }
    // the JSON record only when it is printed: it derives every message (and the digests when asked)
    const record: Record<string, unknown> = { ...base, ...formatVerdictRecord(r, s.digests ? sha256Joined : undefined) };
    if (s.at !== undefined && r.timeline) record.at = formatMomentRecord(r, s.at);
    const comps = compactionsOf(r);
    if (s.full) record.compactions = comps.map(formatCompactionRecord);
    else { record.compactionCount = comps.filter((c) => c.kind === 'compaction').length; record.pruneCount = comps.filter((c) => c.kind === 'prune').length; }
    report(record, '');
  };
  if (sniffFormat(head) !== 'zip') {
    // a log is read a piece at a time, and its lines again from the file: never held whole
    try { await one(input.blob, file, { file }, input.syncReader); } finally { input.close(); }
    return done();
  }
  input.close();
  let sessions;
  try {
    const archive = readExportZip(new Uint8Array(readFileSync(file)));
    sessions = [...(archive.root ? [archive.root] : []), ...archive.children];
  } catch (err) {
    if (!(err instanceof SessionError)) throw err;
    report({ file, ok: false, kind: err.kind, code: err.code, message: err.message }, `${file}: refused (${err.kind}) — ${err.message}`);
    return done();
  }
  for (const z of sessions) await one(z.bytes, `${file} › ${z.entry}`, { file, entry: z.entry });
  return done();
}
