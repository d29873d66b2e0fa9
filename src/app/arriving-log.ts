/** What a load reads: a whole buffer, a Blob (a picked file), or a log whose bytes arrive in pieces. */
import type { LoadCallbacks } from './session-client';

/**
 * A log whose bytes arrive in pieces while it loads (a bundle's, as the page parses it): its size,
 * and its pieces in order; the iteration throws, with a sentence, when the log is cut short.
 */
export interface ArrivingLog {
  readonly size: number;
  readonly pieces: AsyncIterable<Uint8Array>;
}

/** A load of `size` bytes already running (./started-load.ts): the app attaches its callbacks. */
export interface StartedLoad {
  readonly started: true;
  readonly size: number;
  attach(cb: LoadCallbacks): void;
}

export const isArrivingLog = (b: ArrayBuffer | Blob | ArrivingLog): b is ArrivingLog => !(b instanceof ArrayBuffer) && !(b instanceof Blob);

export const isStartedLoad = (b: ArrayBuffer | Blob | ArrivingLog | StartedLoad): b is StartedLoad => (b as Partial<StartedLoad>).started === true;

/** The bytes a load reads. */
export const loadSize = (b: ArrayBuffer | Blob | ArrivingLog | StartedLoad): number => (b instanceof ArrayBuffer ? b.byteLength : b.size);
