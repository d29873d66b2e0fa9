/**
 * The workers of a bundle page: in the first script's build (vite.bundle.config.ts) each of these
 * is the worker's code inline, made a blob: URL; every other `new Worker` of the page, in either
 * script, becomes `bundleWorker` (./bundle-boot-global.ts), which calls these.
 */
import type { WorkerFactories } from './bundle-boot-global';

// each spelled out in full: the bundler finds a worker by this exact form, with static options
export const workerFactories: WorkerFactories = {
  'session.worker': () => new Worker(new URL('../worker/session.worker.ts', import.meta.url), { type: 'module' }),
  'zstd.worker': (o) => new Worker(new URL('../worker/zstd.worker.ts', import.meta.url), { type: 'module', name: o?.name }),
  'folder.worker': () => new Worker(new URL('../worker/folder.worker.ts', import.meta.url), { type: 'module' }),
};
