/** Messages between the page and the folder worker (issue 16), which reads headers and judges sessions off the page's thread. */
import type { MatchFilter } from '../core/event-match';
import type { FleetEntry } from '../core/fleet-figures';
import type { FolderItem, HeaderFacts } from '../io/folder-scan';
import type { SessionGrep } from '../io/log-grep';
import type { RpcReply, RpcRequest } from './rpc';

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

/** A file's header (null: none readable), its size and, for a File, its last modified time. */
export interface HeadRead {
  readonly facts: HeaderFacts | null;
  readonly size: number;
  readonly mtimeMs?: number;
}

/** One session file to judge: its bytes, its file name, its path in the folder. */
export interface JudgeFile {
  readonly blob: Blob;
  readonly name: string;
  readonly path: string;
}

/** A judgement, or why the file could not be judged (unreadable, not a log). */
export type JudgeAnswer = Judgement | { readonly error: string };

/** The folder worker's questions: one method per operation; requests and replies derive from it (src/protocol/rpc.ts). */
export interface FolderApi {
  /**
   * The headers of a batch of files, in order (one message for many: each is a round trip between
   * threads), with each one's size and, for a File, its last modified time: a picked file's are a
   * round trip to the browser each, cheap here and not on the page's thread.
   */
  headers(blobs: readonly Blob[]): Promise<HeadRead[]>;
  /** A full load of each session file, in order (their bytes read as one where they are small: src/io/blob-batch.ts). */
  judge(files: readonly JudgeFile[]): Promise<JudgeAnswer[]>;
  /** Search one session file (src/io/log-grep.ts): a ZIP answers one entry per session. */
  grep(blob: Blob, path: string, pattern: string, filter: MatchFilter, max: number): Promise<SessionGrep[]>;
}

export type FolderRequest = { readonly id: number } & RpcRequest<FolderApi>;

export type FolderReply = RpcReply;
