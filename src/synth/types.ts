/** The synthesizer's public shapes: what callers pass in and what they get back. */
import type { Session } from '../core/session';
import type { SessionEvent, SessionHeader } from '../core/types';

export interface SynthOptions {
  /** PRNG seed: the same options give the same events, byte for byte. */
  seed: number;
  /** Target number of events (the result lands within a few events of it). */
  events: number;
  /** Stop mid-turn after an assistant message with unanswered tool calls (loading needs crash-repair closers). */
  crash?: boolean;
  /** Session id (default: derived from the seed). */
  id?: string;
  /** Header createdAt, epoch ms (default: derived from the seed, in 2026). */
  createdAt?: number;
  cwd?: string;
  /** Surface size (estimated tokens) at which tool results are pruned and history is compacted. Default 64000. */
  contextTokens?: number;
  /** Chance that a turn boundary is a resume (end-seed marker, then a `resume` request header). Default 0.03. */
  resumeRate?: number;
  /**
   * Keep chunk deltas as type and time only (the synthesizer never reads one back, but the session
   * object cannot give them back either): a 50 M-event session fits in a few GB. Default false.
   */
  lean?: boolean;
}

export interface SynthStats {
  events: number;
  turns: number;
  steps: number;
  chunkDeltas: number;
  chunks: number;
  toolCalls: number;
  toolErrors: number;
  prunes: number;
  compactions: number;
  resumes: number;
  headers: number;
  retries: number;
  crashed: boolean;
}

export interface SynthSession {
  header: SessionHeader;
  /** The complete log (frozen events, exactly as appended). */
  events: SessionEvent[];
  stats: SynthStats;
  /** The validating session the events were appended to. */
  session: Session;
}
