/**
 * One file's sessions as fleet entries: the loader's verdict and the own figures of its events,
 * folded as the loader parses them (each log is read once; nothing but the figures is kept). A
 * file that is not a log (empty, an image, markup, no session header) is not a session; a ZIP
 * export gives one entry per session in it.
 */
import { SessionError } from '../core/errors';
import { kindOf, type FleetEntry } from '../core/fleet-figures';
import { SessionFigureFold } from '../core/session-figures';
import type { SessionHeader } from '../core/types';
import { loadBytes, type LoadLimits, type LoadResult } from './load';
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

/**
 * The loader's `observe` for the fleet figures: a fold of the session's own figures, started when
 * the header is read (a fork's seed, seq < `seedLength`, is its parent's). `fold()` is undefined
 * when no header was read. The CLI (`readLogStats`) and the folder worker's judge both read through it.
 */
export function figureObserver(): { readonly observe: (h: SessionHeader) => SessionFigureFold; fold(): SessionFigureFold | undefined } {
  let fold: SessionFigureFold | undefined;
  return {
    observe: (h) => (fold = new SessionFigureFold(typeof h.seedLength === 'number' ? h.seedLength : 0)),
    fold: () => fold,
  };
}

/** One load's fleet entry: its header's lineage, its verdict (the refusal's sentence cut to `messageMax`) and its folded figures. */
export function fleetEntryOf(r: Pick<LoadResult, 'header' | 'verdict'>, fold: SessionFigureFold, path: string, messageMax = MESSAGE_MAX): FleetEntry | undefined {
  const h = r.header, v = r.verdict;
  if (!h) return undefined;
  return {
    id: h.id, path, ...(typeof h.cwd === 'string' ? { project: h.cwd } : {}), createdAt: h.createdAt,
    kind: kindOf(h), parent: typeof h.parentSession === 'string' ? h.parentSession : null,
    verdict: v.ok ? 'ok' : v.kind, ...(v.ok ? {} : { message: v.message.slice(0, messageMax) }), partial: !v.ok,
    figures: fold.result(),
  };
}

/** The entry of one log's bytes, or undefined when it has no session header (not a log). */
export async function readLogStats(bytes: Uint8Array, path: string, o: StatsReadOptions = {}): Promise<FleetEntry | { notALog: string }> {
  const figures = figureObserver();
  const r = await loadBytes(bytes, { fileName: path, now: 0, byteText: o.byteText, zstdFrames: o.zstdFrames, observe: figures.observe });
  const fold = figures.fold();
  const entry = fold && fleetEntryOf(r, fold, path);
  return entry ?? { notALog: r.verdict.ok ? 'It has no session header.' : r.verdict.message };
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
