/** Messages between the page and the folder worker (issue 16), which reads headers and judges sessions off the page's thread. */
import type { MatchFilter } from '../core/event-match';
import type { FleetEntry } from '../core/fleet-figures';
import type { FolderItem, HeaderFacts } from '../io/folder-scan';

export type { FolderItem, HeaderFacts };

/** What the folder list shows of a session once the worker has loaded it. */
export interface Judgement {
  readonly verdict: { readonly ok: boolean; readonly kind?: string; readonly message?: string };
  /** The latest `session/title`, if any. */
  readonly title?: string;
  readonly events: number;
  /** The session's fleet figures (absent when the file has no session header). */
  readonly fleet?: FleetEntry;
}

export type FolderRequest =
  /** The headers of a batch of files (one message for many: each is a round trip between threads); replies (HeaderFacts | null)[] in order. */
  | { readonly id: number; readonly op: 'headers'; readonly blobs: readonly Blob[] }
  /** A full load; replies a Judgement. */
  | { readonly id: number; readonly op: 'judge'; readonly blob: Blob; readonly name: string; readonly path?: string }
  /** Search one session file (src/io/log-grep.ts); replies SessionGrep[] (a ZIP: one per session). */
  | { readonly id: number; readonly op: 'grep'; readonly blob: Blob; readonly path: string; readonly pattern: string; readonly filter: MatchFilter; readonly max: number };

export type FolderReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };
