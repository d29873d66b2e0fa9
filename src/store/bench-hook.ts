/**
 * Hooks for `npm run bench -- browser` (bench/browser.ts), installed only when the page URL has
 * `?bench`: set the cursor, read the state, and run the parse-only baseline in the session worker.
 */
import { client } from './client';
import { setMarks } from './marks';
import { runSearch } from './search';
import { setCursor, useApp } from './store';

export function installBenchHook(): void {
  if (!new URLSearchParams(location.search).has('bench')) return;
  (globalThis as unknown as { seqscopeBench: unknown }).seqscopeBench = {
    setCursor,
    setMarks,
    runSearch,
    state: () => useApp.getState(),
    parseOnly: async (file: Blob) => {
      const bytes = await file.arrayBuffer();
      return client.request<{ ms: number; events: number }>({ op: 'benchParseOnly', bytes }, [bytes]);
    },
  };
}
