import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with scripts/check-chromium.mjs
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';

/** The grading run (scripts/grade.mjs): one test per submission, against the built lab. */
export default defineConfig({
  testDir: '.',
  testMatch: 'grade.spec.ts',
  outputDir: '../test-results/grade',
  workers: 1,
  reporter: [['list']],
  timeout: 120_000,
  use: {
    baseURL: 'http://127.0.0.1:4174',
    launchOptions: { executablePath: (findChromium as () => string | null)() ?? undefined, args: CHROMIUM_ARGS as string[] },
  },
  webServer: {
    command: 'npx vite preview --host 127.0.0.1 --port 4174 --strictPort',
    cwd: '..',
    url: 'http://127.0.0.1:4174',
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
