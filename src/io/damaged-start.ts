/**
 * A Zstandard session log whose first bytes are damaged no longer starts with the zstd magic, so
 * sniffing alone would take it for binary data. It is judged a damaged log, with DSH's framing
 * verdict ("invalid frame magic at byte 0", as DSH's zstd backend says), when its first line is not
 * text and either its name says zstd or an intact zstd frame follows further in. The loader (the
 * CLI's `check`) and the page's open both ask this one function, so they give the same verdict.
 */
import { SessionError } from '../core/errors';
import { nameForeignFormat, sniffFormat } from './sniff';
import { scanZstdFrames } from './zstd';

const ZSTD_NAME = /\.zstd?$/i;
const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

/** Where the first complete zstd frame after byte 0 starts, or -1 (frames are looked for at each copy of the magic). */
function nextIntactFrame(b: Uint8Array): number {
  for (let k = b.indexOf(MAGIC[0], 1); k >= 0 && k + 4 <= b.length; k = b.indexOf(MAGIC[0], k + 1)) {
    if (b[k + 1] !== MAGIC[1] || b[k + 2] !== MAGIC[2] || b[k + 3] !== MAGIC[3]) continue;
    if (scanZstdFrames(b.subarray(k)).frames.length > 0) return k;
  }
  return -1;
}

/** The refusal of a zstd log damaged at its start, or undefined when the bytes are not one (see the module comment). */
export function damagedZstdStart(b: Uint8Array, fileName?: string): SessionError | undefined {
  if (sniffFormat(b) !== 'jsonl' || nameForeignFormat(b) !== 'binary data') return undefined;
  const named = fileName !== undefined && ZSTD_NAME.test(fileName);
  const resumes = nextIntactFrame(b);
  if (!named && resumes < 0) return undefined;
  const evidence = resumes >= 0 ? `an intact frame starts at byte ${resumes}` : `its name ends in ${/\.zstd?$/i.exec(fileName!)![0]}, and no intact frame follows`;
  return new SessionError('zstd-framing',
    `Corrupt Zstandard session log, damaged at its start: invalid frame magic at byte 0, so frame 1 (the header) cannot be decoded; ${evidence}.`,
    { kind: 'corrupt', line: 1 });
}
