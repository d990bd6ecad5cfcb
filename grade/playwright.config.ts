import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with scripts/check-chromium.mjs
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';

// GRADE_PORT lets a grading run sit beside the e2e suite (or another grading run); the
// preview serves LAB_DIST (vite.config.ts reads it) — default dist/.
const port = Number(process.env.GRADE_PORT ?? 4174);

/** The grading run (scripts/grade.mjs): batches of submissions spread over workers. */
export default defineConfig({
  testDir: '.',
  testMatch: 'grade.spec.ts',
  outputDir: `../test-results/grade-${port}`,
  fullyParallel: true,
  workers: 2, // scripts/grade.mjs passes --workers
  reporter: [['line']],
  timeout: 600_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: (findChromium as () => string | null)() ?? undefined, args: CHROMIUM_ARGS as string[] },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: '..',
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
