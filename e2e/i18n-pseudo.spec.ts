/**
 * The pseudo-locale run (src/app/i18n/pseudo.ts): every page a student sees, opened with
 * `?lang=en-XA`, where every catalog string is accented and bracketed. A visible text node
 * with plain ASCII words did not go through a catalog: the test lists each one with where it
 * is. One page is reused for everything (hash navigation, no reload), each lab at the end of
 * its first scenario so the timeline, crash panel and narration are on screen.
 *
 * Allowed without marks: code (`CODE`; the same in every language — docs/glossary.md "Never
 * translated"), the language switcher (each language named in itself), and text that is only
 * identifiers (node names, states, keys, numbers: `isCode`). Text the models still provide in
 * English (`PENDING`) is listed in the test's annotations, not failed.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(600_000);

const labs = readdirSync('labs').sort().map((id) => JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8')) as {
  id: string; scenarios: { id: string; actions: unknown[]; asks?: string[] }[];
});

interface Leak { page: string; text: string; where: string; pending: boolean }

/**
 * Code on screen (docs/glossary.md "Never translated"), by where it is drawn: table and
 * column names and SQL values (timeline writes, inspector, crash panel rows), node IDs,
 * frame kinds and fault points in the sequence diagram, machine state names, command kinds,
 * and React Flow's attribution link (a product name).
 */
const CODE = [
  'code', 'kbd', 'pre', 'script', 'style', 'title', '.lab-id', '.language-switcher', '.tx-table', '[data-testid^="inspector-table-"]',
  '.crash-kept table', '.crash-kept strong', '.seq-lane-name', '.seq-kind', '.seq-mark-label', '.machine-state-name', '.machine-loop',
  '[data-testid="composer-kind"]', '[data-testid="composer-actor"]', '.react-flow__attribution',
].join(', ');

/**
 * Text the World's models still provide in English, reported
 * in the test's annotations, not failed — each entry says why it is still English (a step's
 * label in the trace, the redo tail and the sequence diagram's rows is a message: a model's
 * action `actions.*`, the World's own steps and the starting state `steps.*`; an
 * invariant's violation line is one too, `violations.*`):
 * Switch labels, invariant statements and rule citations, node names, node lines, link
 * labels, machine titles, the inspector's node list and the sequence diagram's chrome go
 * through the catalogs (src/lab/messages/<locale>/{switches,invariants,rules,view,steps}.ts).
 */
const PENDING = [
].join(', ');

/** Visible text nodes with ASCII words and no pseudo mark, outside code. Runs in the page. */
async function leaks(page: Page, name: string): Promise<Leak[]> {
  const found = await page.evaluate(([code, pending]) => {
    // Mirrors PSEUDO_MARKS (pseudo.ts): brackets and accented letters.
    const marks = /[⟦⟧\u00c0-\u024f\u1e00-\u1eff]/;
    // Only identifiers: snake_case / dotted / dashed tokens, UPPER codes, single letters, numbers,
    // symbols (e.g. `lease_until`, `PREPARED`, `op-1`, `A → authority`, `#3 grant`).
    const word = /^(?:[A-Z0-9_]+|[a-z0-9]+(?:[_.:/-][\w]+)+|[A-Za-z]\d*|[\w-]*\d[\w-]*|held|expired|released|queued|idle|running|stopped|crashed|up|down|ok|new|none|current|true|false|null|authority|provider|resource|shop|worker|agent|lead|acme)$/;
    const isCode = (text: string) => text.split(/[\s,;()[\]{}<>"'=:·→←|/+*~…✓✗✖▲●⟲◀▶↺−#@$%¢&!?§]+/).filter((w) => /[A-Za-z]/.test(w)).every((w) => word.test(w.replace(/\.+$/, '')));
    const out: { text: string; where: string; pending: boolean }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.nodeValue ?? '').trim();
      if (!/[A-Za-z]{2}/.test(text) || marks.test(text)) continue;
      const el = node.parentElement;
      // .language-switcher: each language is named in itself (English, 日本語…) on every page.
      if (!el || el.closest(code)) continue;
      const option = el.closest('option');
      if (option ? !(option as HTMLOptionElement).selected || !option.parentElement?.checkVisibility() : !el.checkVisibility({ visibilityProperty: true })) continue;
      if (isCode(text)) continue;
      const at = el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.closest('[class]')?.className ?? el.tagName;
      out.push({ text: text.slice(0, 80), where: `${el.tagName.toLowerCase()} in ${String(at).slice(0, 40)}`, pending: pending !== '' && el.closest(pending) !== null });
    }
    return out;
  }, [CODE, PENDING] as const);
  return found.map((f) => ({ page: name, ...f }));
}

async function go(page: Page, hash: string, ready: string): Promise<void> {
  await page.evaluate((h) => { window.location.hash = h; }, hash);
  await expect(page.getByTestId(ready)).toBeVisible({ timeout: 60_000 });
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('durable-lab:pseudo', '1'));
});

test('pseudo-locale: every visible string on every page went through a catalog', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/?lang=en-XA#/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByTestId('catalog')).toBeVisible();
  const all: Leak[] = await leaks(page, 'catalog');
  for (const lab of labs) {
    const scenario = lab.scenarios[0]!;
    if (scenario.asks) {
      // A link past an unpicked prediction stops before the step that answers it: picked first.
      await go(page, `#/lab/${lab.id}`, `lab-${lab.id}`);
      for (const id of scenario.asks) await new LabPage(page).pickPrediction(id);
    }
    await go(page, `#/lab/${lab.id}?scenario=${scenario.id}&step=${scenario.actions.length}`, `lab-${lab.id}`);
    await expect(page.getByTestId('step-counter')).toContainText(`${scenario.actions.length} / ${scenario.actions.length}`);
    // Open what a student opens: the first exercise (unless a pick left it open) and the extra switches.
    for (const opener of [page.locator('[data-testid^="exercise-"][data-testid$="-open"]').first(), page.locator('[data-testid="more-switches"] summary')]) {
      if (await opener.count() && await opener.getAttribute('aria-expanded') !== 'true') await opener.click();
    }
    all.push(...await leaks(page, lab.id));
  }
  await go(page, '#/progress', 'progress-table');
  all.push(...await leaks(page, 'progress'));
  await go(page, '#/cards', 'cards-dropzone');
  all.push(...await leaks(page, 'cards'));
  const pendingText = [...new Set(all.filter((l) => l.pending).map((l) => `${l.where.replace(/-[\w-]+$/, '-*')}: ${l.text}`))];
  test.info().annotations.push({ type: 'pending model text', description: `${pendingText.length} distinct strings:\n${pendingText.join('\n')}` });
  expect(all.filter((l) => !l.pending).map((l) => `${l.page} · ${l.where}: ${l.text}`), 'visible text that did not go through a catalog').toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('pseudo-locale scanner reports plain English added to a page, and the flag is needed', async ({ page }) => {
  await page.goto('/?lang=en-XA#/');
  await expect(page.getByTestId('catalog')).toBeVisible();
  expect(await leaks(page, 'catalog')).toEqual([]);
  await page.evaluate(() => { document.querySelector('.intro')!.append(document.createTextNode('Run the scenario again')); });
  expect((await leaks(page, 'catalog')).map((l) => l.text)).toEqual(['Run the scenario again']);
  // Without the flag a production build ignores the pseudo tag and remembers nothing.
  await page.evaluate(() => localStorage.removeItem('durable-lab:pseudo'));
  const plain = await page.context().newPage();
  await plain.goto('/?lang=en-XA#/');
  await expect(plain.locator('html')).toHaveAttribute('lang', /^(?!en-XA).*/);
  await plain.close();
});
