/**
 * `seqscope tour check SESSION TOUR [--json]`: does the tour play on this session (every step's seq
 * exists, every caption is present, the session matches by id and sha256)? Exit 0 yes, 1 no, 2 usage.
 * `seqscope tour builtin SESSION`: prints the session's built-in tour as `.tour.json`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkTourAgainst, validateTour, type TourProblem } from '../core/tour';
import { deriveBuiltinTour } from '../core/tour-builtin';
import { loadBytes } from '../io/load';
import { deriveTourFacts } from '../io/tour-facts';

export const TOUR_USAGE = 'usage: seqscope tour check SESSION TOUR [--json] | seqscope tour builtin SESSION';

export interface TourIo {
  out(line: string): void;
  err(line: string): void;
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function loadSession(file: string) {
  const bytes = new Uint8Array(readFileSync(file));
  const r = await loadBytes(bytes, { fileName: file });
  return { r, sha: sha256(bytes) };
}

async function check(session: string, tourFile: string, json: boolean, io: TourIo): Promise<number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(tourFile, 'utf8'));
  } catch (err) {
    const msg = `${tourFile}: not a readable JSON file: ${err instanceof Error ? err.message : String(err)}`;
    io.out(json ? JSON.stringify({ tour: tourFile, ok: false, code: 'tour-unreadable', message: msg }) : msg);
    return 1;
  }
  const v = validateTour(parsed);
  if (!v.ok) {
    io.out(json ? JSON.stringify({ tour: tourFile, ok: false, code: v.code, message: v.message }) : `${tourFile}: ${v.message}`);
    return 1;
  }
  const { r, sha } = await loadSession(session);
  let problems: TourProblem[];
  if (!r.session) problems = [{ step: 0, code: 'seq-out-of-range', message: `${session} has no events to play: ${r.verdict.ok ? 'empty' : r.verdict.message}` }];
  else problems = checkTourAgainst(v.tour, { id: r.session.id, sha256: sha, length: r.session.length });
  const ok = problems.length === 0;
  if (json) io.out(JSON.stringify({ tour: tourFile, session, ok, steps: v.tour.steps.length, problems }));
  else {
    io.out(ok ? `${tourFile}: ok, ${v.tour.steps.length} step${v.tour.steps.length === 1 ? '' : 's'} play on ${session}` : `${tourFile}: ${problems.length} problem${problems.length === 1 ? '' : 's'} on ${session}`);
    for (const p of problems) io.out(`  ${p.code}: ${p.message}`);
  }
  return ok ? 0 : 1;
}

async function builtin(session: string, io: TourIo): Promise<number> {
  const { r, sha } = await loadSession(session);
  const facts = deriveTourFacts(r, sha);
  if (!facts) { io.err(`${session}: no events to tour: ${r.verdict.ok ? 'empty' : r.verdict.message}`); return 1; }
  io.out(JSON.stringify(deriveBuiltinTour(facts), null, 2));
  return 0;
}

export async function runTour(args: readonly string[], io: TourIo): Promise<number> {
  const [sub, ...rest] = args;
  const json = rest.includes('--json');
  const unknown = rest.find((a) => a.startsWith('--') && a !== '--json');
  const pos = rest.filter((a) => !a.startsWith('--'));
  if (unknown) { io.err(`unknown option ${unknown}. ${TOUR_USAGE}`); return 2; }
  try {
    if (sub === 'check' && pos.length === 2) return await check(pos[0], pos[1], json, io);
    if (sub === 'builtin' && pos.length === 1 && !json) return await builtin(pos[0], io);
  } catch (err) {
    io.err(`could not read: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  io.err(TOUR_USAGE);
  return 2;
}
