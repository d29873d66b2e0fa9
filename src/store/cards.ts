/**
 * Page-side caches for what the windowed views render: cards (Surface/Transcript/Compare) and
 * folded chunk-run previews, fetched by seq for the visible items only, in batches of one request
 * per microtask, kept in small LRU maps and dropped whenever another session loads.
 */
import { create } from 'zustand';
import type { Card, RunInfo } from '../protocol/worker-protocol';
import { client } from './client';
import { useApp } from './store';

const CARD_CAP = 600;
const RUN_CAP = 600;

/** A Map used as an LRU: reads move the key to the back; inserts evict from the front. */
export class Lru<K, V> {
  private readonly m = new Map<K, V>();
  constructor(private readonly cap: number) {}
  get(k: K): V | undefined {
    const v = this.m.get(k);
    if (v !== undefined) { this.m.delete(k); this.m.set(k, v); }
    return v;
  }
  has(k: K): boolean { return this.m.has(k); }
  set(k: K, v: V): void {
    this.m.delete(k);
    this.m.set(k, v);
    while (this.m.size > this.cap) this.m.delete(this.m.keys().next().value as K);
  }
  clear(): void { this.m.clear(); }
  get size(): number { return this.m.size; }
}

/** Bumped when fetched items arrive, so rendered items re-read the caches. */
export const useFetched = create<{ version: number }>(() => ({ version: 0 }));
const bump = () => useFetched.setState((s) => ({ version: s.version + 1 }));

function batcher<T extends { seq?: number; start?: number }>(cache: Lru<number, T>, key: (t: T) => number, fetch: (seqs: number[]) => Promise<T[]>) {
  let queued: number[] = [];
  const inflight = new Set<number>();
  let epoch = 0;
  const flush = () => {
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    const e = epoch;
    fetch(batch).then((items) => {
      if (e !== epoch) return;
      for (const it of items) cache.set(key(it), it);
      for (const s of batch) inflight.delete(s);
      bump();
    }, () => { if (e === epoch) for (const s of batch) inflight.delete(s); });
  };
  return {
    ensure(seqs: readonly number[]): void {
      const wasEmpty = queued.length === 0;
      for (const s of seqs) if (!cache.has(s) && !inflight.has(s)) { inflight.add(s); queued.push(s); }
      if (wasEmpty && queued.length > 0) queueMicrotask(flush);
    },
    reset(): void { epoch++; queued = []; inflight.clear(); cache.clear(); },
  };
}

export const cardCache = new Lru<number, Card>(CARD_CAP);
export const runCache = new Lru<number, RunInfo>(RUN_CAP);
const cards = batcher(cardCache, (c) => c.seq, (seqs) => client.request<Card[]>({ op: 'cards', seqs }));
const runs = batcher(runCache, (r) => r.start, (starts) => client.request<RunInfo[]>({ op: 'runs', starts }));
export const ensureCard = (seq: number) => cards.ensure([seq]);
export const ensureRun = (start: number) => runs.ensure([start]);

// another session: drop everything fetched for the previous one
useApp.subscribe((s, prev) => {
  if (s.summary !== prev.summary) { cards.reset(); runs.reset(); bump(); }
});

/** The card for `seq`, fetched when missing; re-renders when it arrives. */
export function useCard(seq: number): Card | undefined {
  useFetched((s) => s.version);
  const c = cardCache.get(seq);
  if (!c) ensureCard(seq);
  return c;
}

export function useRun(start: number): RunInfo | undefined {
  useFetched((s) => s.version);
  const r = runCache.get(start);
  if (!r) ensureRun(start);
  return r;
}
