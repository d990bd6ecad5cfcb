// Dev helper: screenshot a page of the built lab (vite preview must be running).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
const [url = 'http://127.0.0.1:4173/', out = '/tmp/shot.png', ...clicks] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
page.on('pageerror', (e) => console.error('pageerror:', e.message));
await page.goto(url);
for (const id of clicks) await page.getByTestId(id).click();
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
