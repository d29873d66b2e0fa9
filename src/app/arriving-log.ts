/** What a load reads: a whole buffer, a Blob (a picked file), or a log whose bytes arrive in pieces. */

/**
 * A log whose bytes arrive in pieces while it loads (a bundle's, as the page parses it): its size,
 * and its pieces in order; the iteration throws, with a sentence, when the log is cut short.
 */
export interface ArrivingLog {
  readonly size: number;
  readonly pieces: AsyncIterable<Uint8Array>;
}

export const isArrivingLog = (b: ArrayBuffer | Blob | ArrivingLog): b is ArrivingLog => !(b instanceof ArrayBuffer) && !(b instanceof Blob);

/** The bytes a load reads. */
export const loadSize = (b: ArrayBuffer | Blob | ArrivingLog): number => (b instanceof ArrayBuffer ? b.byteLength : b.size);
