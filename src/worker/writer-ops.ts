/**
 * What the writer worker (./writer.worker.ts) does, by name: every writer that redacts or
 * compresses, bytes in and bytes out. The session worker asks for them (./writer-client.ts) and
 * carries none of their code: the redaction engine and libzstd's compressor are most of what a
 * session worker would otherwise compile before its first load, and a load never runs them.
 */
import { encodeFork } from './fork-encode';
import { redactedPlain, tourWithSession } from './redacted-writers';
import { reviewShare, writeShare } from './share';

export const writerOps = { reviewShare, writeShare, tourWithSession, redactedPlain, encodeFork };

export type WriterOps = typeof writerOps;
export type WriterOp = keyof WriterOps;

export interface WriterRequest { readonly id: number; readonly op: WriterOp; readonly args: readonly unknown[] }
export type WriterReply = { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly message: string };
