/**
 * Hooks for `npm run bench -- browser` (bench/browser.ts) and the browser fuzzer
 * (src/fuzz/browser.ts), installed only when the page URL has `?bench`: set the cursor, read the
 * state (and the Runs view's), count settled loads, and run the parse-only baseline in the session worker.
 */
import { client } from './session-client';
import { useApp } from '../store/store';
import { useRuns } from '../store/runs';
import { setCursor, setMarks } from './cursor';
import { runSearch } from './search';

export function installBenchHook(): void {
  if (!new URLSearchParams(location.search).has('bench')) return;
  // loads that settled (left the loading phase: loaded, failed or cancelled), however short
  let settles = 0;
  useApp.subscribe((s, prev) => { if (prev.phase === 'loading' && s.phase !== 'loading') settles++; });
  (globalThis as unknown as { seqscopeBench: unknown }).seqscopeBench = {
    settles: () => settles,
    setCursor,
    setMarks,
    runSearch,
    state: () => useApp.getState(),
    runs: () => useRuns.getState(),
    // the worker reads the file itself, a piece at a time, as a load does
    parseOnly: (file: Blob) => client.request('benchParseOnly', file),
  };
}
