/** The entry of a bundle page's first script (./bundle-boot.ts; built by vite.bundle.config.ts). */
import { BUNDLE_PAGE_META } from '../io/bundle-template';
import { bootBundle } from './bundle-boot';
import { workerFactories } from './bundle-workers';

performance.mark('seqscope:boot');
const g = globalThis as { seqscopeWorkers?: unknown; seqscopeBoot?: unknown };
g.seqscopeWorkers = workerFactories;
if (document.querySelector(`meta[name="${BUNDLE_PAGE_META}"]`)) g.seqscopeBoot = bootBundle(document);
