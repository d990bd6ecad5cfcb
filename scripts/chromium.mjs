// Where Chromium is, for Playwright: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
// null (Playwright's own downloaded browser, if `npx playwright install chromium` was run).
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}
