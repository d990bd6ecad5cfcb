/**
 * The built app runs under its Content-Security-Policy (vite.config.ts): the policy is in the
 * page, and the catalog, a lab, the LangGraph lab and a search run without one violation; an
 * image link to another site in a checked lab's markdown is neither rendered nor fetched.
 */
import { expect, test } from '@playwright/test';

test('the app runs under its CSP with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
  const external: string[] = [];
  page.on('request', (r) => { if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) external.push(r.url()); });
  await page.goto('/');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("default-src 'self'");
  for (const lab of ['L07', 'L05']) {
    await page.goto(`/#/lab/${lab}`);
    await expect(page.getByTestId('narrative')).toBeVisible();
    await page.keyboard.press('.');
  }
  await expect(page.getByTestId('narrative')).toBeVisible();
  expect(violations).toEqual([]);
  expect(external).toEqual([]);
});
