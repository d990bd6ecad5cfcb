import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with scripts/check-chromium.mjs
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

const executablePath = (findChromium as () => string | null)() ?? undefined;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: 'http://127.0.0.1:4173',
    viewport: { width: 1440, height: 1000 },
    launchOptions: { executablePath, args: CHROMIUM_ARGS as string[] },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx vite preview --host 127.0.0.1 --port 4173 --strictPort',
    url: 'http://127.0.0.1:4173',
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
