/**
 * One file's sessions as fleet entries: the loader's verdict and the own figures of its events,
 * folded as the loader parses them (each log is read once; nothing but the figures is kept). A
 * file that is not a log (empty, an image, markup, no session header) is not a session; a ZIP
 * export gives one entry per session in it.
 */
import { SessionError } from '../core/errors';
import { kindOf, type FleetEntry } from '../core/fleet-figures';
import { SessionFigureFold } from '../core/session-figures';
import { loadBytes, type LoadLimits } from './load';
import type { ByteText } from './record-scanner';
import { nameForeignFormat, sniffFormat } from './sniff';
import { readExportZip } from './zip';

export type StatsRead =
  | { readonly kind: 'sessions'; readonly entries: readonly FleetEntry[] }
  | { readonly kind: 'not-a-log'; readonly path: string; readonly message: string };

export interface StatsReadOptions extends Pick<LoadLimits, 'zstdFrames'> {
  readonly byteText?: ByteText;
}

const MESSAGE_MAX = 500;

/** The entry of one log's bytes, or undefined when it has no session header (not a log). */
export async function readLogStats(bytes: Uint8Array, path: string, o: StatsReadOptions = {}): Promise<FleetEntry | { notALog: string }> {
  let fold: SessionFigureFold | undefined;
  const r = await loadBytes(bytes, {
    fileName: path, now: 0, byteText: o.byteText, zstdFrames: o.zstdFrames,
    observe: (h) => {
      fold = new SessionFigureFold(typeof h.seedLength === 'number' ? h.seedLength : 0);
      return fold;
    },
  });
  const h = r.header;
  if (!h || !fold) return { notALog: r.verdict.ok ? 'It has no session header.' : r.verdict.message };
  const v = r.verdict;
  return {
    id: h.id, path, ...(typeof h.cwd === 'string' ? { project: h.cwd } : {}), createdAt: h.createdAt,
    kind: kindOf(h), parent: typeof h.parentSession === 'string' ? h.parentSession : null,
    verdict: v.ok ? 'ok' : v.kind, ...(v.ok ? {} : { message: v.message.slice(0, MESSAGE_MAX) }), partial: !v.ok,
    figures: fold.result(),
  };
}

/** The sessions of one file (a log, or an export ZIP), or why it is not a log. */
export async function readFileStats(bytes: Uint8Array, path: string, o: StatsReadOptions = {}): Promise<StatsRead> {
  const foreign = nameForeignFormat(bytes);
  if (foreign) return { kind: 'not-a-log', path, message: `This is ${foreign}, not a session log.` };
  if (sniffFormat(bytes) === 'zip') {
    let archive;
    try { archive = readExportZip(bytes); } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      return { kind: 'not-a-log', path, message: err.message };
    }
    const entries: FleetEntry[] = [];
    for (const z of [...(archive.root ? [archive.root] : []), ...archive.children]) {
      const e = await readLogStats(z.bytes, `${path} › ${z.entry}`, o);
      if (!('notALog' in e)) entries.push(e);
    }
    return { kind: 'sessions', entries };
  }
  const e = await readLogStats(bytes, path, o);
  return 'notALog' in e ? { kind: 'not-a-log', path, message: e.notALog } : { kind: 'sessions', entries: [e] };
}
