import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './src/testing/browser-harness';

const bench = !!process.env.BENCH;
/** E2E_PORT lets several checkouts run e2e at once on one machine. */
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  // Two workers on a two-core machine: much of a test is waiting (a page load, IndexedDB, a worker
  // starting), so two files at a time fill the idle time; E2E_WORKERS overrides (1 to debug).
  workers: bench ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  timeout: bench ? 900_000 : 60_000,
  // Waits, not measurements: a loaded two-core machine can take several seconds to start a worker and
  // compile libzstd, so a state is waited for up to 15 s (speed is measured by the benches).
  expect: { timeout: 15_000 },
  grep: bench ? /@bench/ : undefined,
  grepInvert: bench ? undefined : /@bench/,
  reporter: [['list'], ['json', { outputFile: bench ? 'reports/bench.json' : 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: {
    command: `vite build && vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
