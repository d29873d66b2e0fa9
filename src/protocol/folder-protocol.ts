/** Messages between the page and the folder worker (issue 16), which reads headers and judges sessions off the page's thread. */
import type { HeaderFacts } from '../io/folder-scan';

export type { HeaderFacts };

/** What the folder list shows of a session once the worker has loaded it. */
export interface Judgement {
  readonly verdict: { readonly ok: boolean; readonly kind?: string; readonly message?: string };
  /** The latest `session/title`, if any. */
  readonly title?: string;
  readonly events: number;
}

export type FolderRequest =
  /** The headers of a batch of files (one message for many: each is a round trip between threads); replies (HeaderFacts | null)[] in order. */
  | { readonly id: number; readonly op: 'headers'; readonly blobs: readonly Blob[] }
  /** A full load; replies a Judgement. */
  | { readonly id: number; readonly op: 'judge'; readonly blob: Blob; readonly name: string };

export type FolderReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };
