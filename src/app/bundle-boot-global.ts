/**
 * What a bundle page's first script (./bundle-boot.ts, built as a classic script of its own by
 * vite.bundle.config.ts) leaves for the app's script, which runs later: the page's workers
 * (`seqscopeWorkers`: their code is in the first script only, so the page carries it once), and
 * (`seqscopeBoot`) the session client it started and the load it started on the log the page
 * carries. On the served app there are none.
 */
import type { BundleMeta } from '../io/bundle-file';
import type { StartedLoad } from './arriving-log';
import type { SessionClient } from './session-client';

/** The page's workers by the file they run (`session.worker`, `zstd.worker`, `folder.worker`). */
export type WorkerFactories = Readonly<Record<string, (options?: WorkerOptions) => Worker>>;

/** What became of the log the page carries, once its facts and first piece are read. */
export type BootOpen =
  /** The facts are missing or not valid, or the log is cut short before its first piece. */
  | { readonly kind: 'failed'; readonly message: string }
  /** A zstd log: its load runs; the app attaches to it. */
  | { readonly kind: 'started'; readonly meta: BundleMeta; readonly load: StartedLoad }
  /** Anything else (a ZIP): the app reads it whole, from `log`. */
  | { readonly kind: 'whole'; readonly meta: BundleMeta; readonly log: AsyncIterable<Uint8Array> };

/** The carried log's bytes as they pass to the worker ("Download log"); `complete` once all are in. */
export interface Carried {
  readonly parts: Uint8Array[];
  complete: boolean;
  /** Called once when `complete` becomes true. */
  onComplete?: () => void;
}

export interface BundleBoot {
  readonly client: SessionClient;
  readonly opened: Promise<BootOpen>;
  readonly carried: Carried;
}

/** The page's boot, when it is a bundle whose first script ran. */
export const bundleBoot = (): BundleBoot | undefined => (globalThis as { seqscopeBoot?: BundleBoot }).seqscopeBoot;

/**
 * A worker of the page, from the factories the first script left (vite.bundle.config.ts turns each
 * `new Worker(new URL('…/x.worker.ts', import.meta.url), options)` of the app into this).
 */
export function bundleWorker(file: string, options?: WorkerOptions): Worker {
  const make = (globalThis as { seqscopeWorkers?: WorkerFactories }).seqscopeWorkers?.[file];
  if (!make) throw new Error(`This page cannot start its ${file}: the bundle's first script did not run.`);
  return make(options);
}
