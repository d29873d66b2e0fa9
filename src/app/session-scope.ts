/**
 * What the page holds for the session shown, besides the store: the load generation (a ticket
 * from it goes stale when another session opens) and the row, card and chunk-run caches of the
 * windowed views. `dropAnswers()` forgets the caches: on every load, cancel and growth of a live file.
 */
import type { Card, HeaderInForce, Row, RunInfo } from '../protocol/worker-protocol';
import { useApp } from '../store/store';
import { Batcher } from './batcher';
import { Latest } from './latest';
import { client } from './session-client';

/** The generation of the session shown: `loads.current()` goes stale when another load starts or is cancelled. */
export const loads = new Latest();

const bumpRows = () => useApp.setState((s) => ({ rowsVersion: s.rowsVersion + 1 }));
const bumpCards = () => useApp.setState((s) => ({ cardsVersion: s.cardsVersion + 1 }));

export const rows = new Batcher<Row>(5000, (r) => r.seq, (seqs) => client.request('rowsOf', seqs), bumpRows);
export const cards = new Batcher<Card>(600, (c) => c.seq, (seqs) => client.request('cards', seqs), bumpCards);
export const runs = new Batcher<RunInfo>(600, (r) => r.start, (starts) => client.request('runInfo', starts), bumpCards);
export const headers = new Batcher<HeaderInForce>(64, (h) => h.seq, (seqs) => client.request('headers', seqs), bumpCards);

/** Rows fetched from the worker, by seq (the Log reads it on render; `rowsVersion` says when it changed). */
export const rowCache = rows.cache;

/**
 * Forgets every fetched row, card and run: on a new load, and when a load settles or a live file
 * grows (rows fetched before lack the verdict's flags, or changed at the old end).
 */
export function dropAnswers(): void {
  rows.reset(); cards.reset(); runs.reset(); headers.reset();
  bumpCards();
}

/** Queues seqs whose rows are not cached; one batched request per microtask. */
export function ensureRows(seqs: readonly number[]): void {
  rows.ensure(seqs);
}

/** The card for `seq`, fetched when missing; re-renders when it arrives. */
export function useCard(seq: number): Card | undefined {
  useApp((s) => s.cardsVersion);
  const c = cards.cache.get(seq);
  if (!c) cards.ensure([seq]);
  return c;
}

/** The request header in force from header seq `seq` (a moment's `headerSeq`), fetched when missing; undefined for -1. */
export function useHeader(seq: number): HeaderInForce | undefined {
  useApp((s) => s.cardsVersion);
  if (seq < 0) return undefined;
  const h = headers.cache.get(seq);
  if (!h) headers.ensure([seq]);
  return h;
}

/** The folded chunk run starting at `start`, fetched when missing. */
export function useRun(start: number): RunInfo | undefined {
  useApp((s) => s.cardsVersion);
  const r = runs.cache.get(start);
  if (!r) runs.ensure([start]);
  return r;
}

/**
 * Whether the rows of `seqs` and the runs starting at `starts` are all fetched; the missing ones
 * are asked for (batched), so a list can wait for a window's content before it shows the window.
 */
export function fetched(seqs: readonly number[], starts: readonly number[]): boolean {
  const rowsMissing = seqs.filter((s) => !rows.cache.has(s)), runsMissing = starts.filter((s) => !runs.cache.has(s));
  if (rowsMissing.length) rows.ensure(rowsMissing);
  if (runsMissing.length) runs.ensure(runsMissing);
  return rowsMissing.length === 0 && runsMissing.length === 0;
}
