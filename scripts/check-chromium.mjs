// Run before the browser tests: say clearly how to get a Chromium instead of failing obscurely.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { findChromium } from './chromium.mjs';

const found = findChromium();
if (found) {
  console.log(`e2e: using Chromium at ${found}`);
  process.exit(0);
}

if (process.env.CHROMIUM_PATH) {
  console.error(`e2e: CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but nothing is there.`);
  process.exit(1);
}

function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    return require('@playwright/test').chromium.executablePath();
  } catch {
    return null;
  }
}
const bundled = playwrightChromium();
if (bundled && existsSync(bundled)) {
  console.log(`e2e: using Playwright's Chromium at ${bundled}`);
  process.exit(0);
}

console.error(`
e2e: no Chromium found for the browser tests. Any one of these fixes it:
  - install the system package:     sudo apt-get install -y chromium   (Debian/Ubuntu)
  - point at a Chromium you have:   CHROMIUM_PATH=/path/to/chromium npm test
  - let Playwright download one:    npx playwright install chromium
`);
process.exit(1);
