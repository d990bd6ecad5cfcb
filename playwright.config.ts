import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with scripts/check-chromium.mjs
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

const executablePath = (findChromium as () => string | null)() ?? undefined;
// PW_PORT / LAB_DIST let several checkouts or helpers run the suite side by side
// (`LAB_DIST=dist-x PW_PORT=4180 npx vite build && LAB_DIST=dist-x PW_PORT=4180 npx playwright test`).
const port = Number(process.env.PW_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.PW_PORT ? `test-results-${process.env.PW_PORT}` : 'test-results',
  fullyParallel: false,
  // One browser per core (PW_WORKERS overrides): spec files run side by side, the tests of a
  // file in order. Each test has its own context, so storage never leaks between workers.
  workers: process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : Math.max(1, availableParallelism()),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  // The lab runtime and diagrams are lazy chunks parsed when a lab first opens; on a loaded
  // 2-core machine that can take longer than the default 5 s of an expect.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 1000 },
    launchOptions: { executablePath, args: CHROMIUM_ARGS as string[] },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
