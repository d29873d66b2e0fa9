/** The records the library keeps (src/storage/library.ts), shared with the store that lists them. */
export interface LibraryEntry {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly sessionId?: string;
  readonly createdAt?: number;
  readonly parentSession?: string;
  readonly seedLength?: number;
  readonly verdict: { readonly ok: boolean; readonly kind?: string; readonly message?: string };
  readonly eventCount?: number;
  readonly encoding: string;
  readonly addedAt: number;
  /** For entries that came out of one export ZIP: the archive they came from. */
  readonly archive?: string;
  /**
   * A redacted copy Share kept (its findings cut, and by which rules). Kept with the entry, so a
   * renamed copy still says so; entries kept before this field existed have none and load as before.
   */
  readonly redacted?: { readonly findings: number; readonly rules: readonly string[] };
  /**
   * Another name for a file already kept: the same bytes opened under this name. The id of the
   * entry whose stored bytes these are, stored once; absent on an entry that stores its own.
   */
  readonly bytesOf?: string;
  /**
   * A file too large to copy into the library (src/app/keep-policy.ts) is listed by reference: its
   * `handle` (a FileSystemFileHandle, where the browser gave one) is kept and the file read again
   * when it is opened; with `none` the entry says "not kept: reopen the file". Absent: a copy is stored.
   */
  readonly byReference?: 'handle' | 'none';
}

/** A tour kept with its session (issue 12): the validated `.tour.json` value and where it belongs. */
export interface KeptTour {
  readonly id: string;
  /** The library entry of its session, when that session is kept. */
  readonly entryId?: string;
  readonly sessionId: string;
  readonly title: string;
  readonly steps: number;
  readonly addedAt: number;
  /** A validated tour (src/core/tour.ts); validated again when read. */
  readonly tour: unknown;
}
