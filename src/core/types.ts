/** Data shapes of a DSH session log (core.md §1). Ids are plain strings at runtime. */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface SessionHeader {
  readonly version: number;
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  readonly parentSession?: string;
  readonly seedLength?: number;
  readonly origin?: 'subagent';
  readonly delegationDepth?: number;
  readonly agentPreset?: string;
}

export type ReplaceOp = { readonly op: 'replace'; readonly start: number; readonly end: number };
export type SurfaceOp = 'append' | ReplaceOp;

export interface SessionEvent {
  readonly type: string;
  readonly seq: number;
  readonly time: number;
  readonly data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON; shapes vary per type
  readonly surfaceOp?: SurfaceOp;
  readonly sourceEventSeqs?: readonly number[];
  readonly ignorable?: true;
}

export interface ContentBlock {
  readonly type: string;
  readonly [k: string]: unknown;
}

export interface Message {
  readonly id: string;
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: readonly ContentBlock[];
  readonly source: { readonly kind: string; readonly [k: string]: unknown };
  readonly [k: string]: unknown;
}

/** Header keys the JSONL reader keeps, in writer order. */
export const HEADER_KEYS = ['version', 'id', 'createdAt', 'cwd', 'parentSession', 'seedLength', 'origin', 'delegationDepth', 'agentPreset'] as const;
