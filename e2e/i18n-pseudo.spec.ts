/**
 * The pseudo-locale run (src/app/i18n/pseudo.ts): every page a student sees, opened with
 * `?lang=en-XA`, where every catalog string is accented and bracketed. A visible text node
 * with plain ASCII words did not go through a catalog: the test lists each one with where it
 * is. One page is reused per test (hash navigation, no reload): the catalog, every scenario of
 * every lab at its last step, each at the outcome its lab.json expects (the first with an
 * exercise and the extra switches open; the
 * timeline's refusals, validation errors and tombstones, crashes with their lost / kept /
 * recovery columns, L05's checkpoints and LangGraph panel), progress and cards; then steps
 * the World refuses, a Search and the run it loads, the fork panel and the other moves.
 *
 * Allowed without marks: code (`CODE`; the same in every language — docs/glossary.md "Never
 * translated"), the language switcher (each language named in itself), and text that is only
 * identifiers (node names, states, keys, numbers: `isCode`). A marked string may hold plain
 * words too: what its `{{params}}` were filled with. One is an identifier (a node, a command
 * kind); two or more that are not identifiers are English the parameter carried past the
 * catalogs. Text the models still provide in English (`PENDING`) is listed in the test's
 * annotations, not failed.
 */
import { expect, test, type Page } from '@playwright/test';
import { shippedLabs as labs } from './shippedLabs';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(600_000);


/** A text node found: `text` as on screen; `english`, in a marked string, the plain words that are not identifiers. */
interface Leak { page: string; text: string; english?: string; where: string; pending: boolean }

const said = (l: Leak) => `${l.page} · ${l.where}: ${l.english === undefined ? '' : `«${l.english}» in `}${l.text}`;

/**
 * Code on screen (docs/glossary.md "Never translated"), by where it is drawn: table and
 * column names and SQL values (timeline writes, inspector, crash panel rows), node IDs,
 * frame kinds and fault points in the sequence diagram, machine state names, command kinds,
 * and React Flow's attribution link (a product name).
 */
const CODE = [
  'code', 'kbd', 'pre', 'script', 'style', 'title', '.lab-id', '.language-switcher', '.tx-table', '[data-testid^="inspector-table-"]',
  '.crash-kept table', '.crash-kept strong', '.seq-lane-name', '.seq-kind', '.seq-mark-label', '.machine-state-name', '.machine figcaption strong', '.machine-loop',
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
 * through the catalogs (src/lab/messages/<locale>/{switches,invariants,rules,view,steps}.json).
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
    const word = /^(?:[A-Z0-9_]+|[a-z0-9]+(?:[_.:/-][\w]+)+|[A-Za-z]\d*|[\w-]*\d[\w-]*|held|expired|released|queued|idle|running|stopped|crashed|up|down|ok|new|none|current|true|false|null|authority|provider|resource|shop|worker|agent|lead|acme|auto)$/;
    const words = (text: string) => text.split(/[\s,;()[\]{}<>"'=:·→←|/+*~…✓✗✖▲●⟲◀▶↺−#@$%¢&!?§]+/).filter((w) => /[A-Za-z]/.test(w));
    const isCode = (text: string) => words(text).every((w) => word.test(w.replace(/\.+$/, '')));
    // A marked string may still carry English: a {{param}} filled with text that skipped the
    // catalogs. Between its marked words, one plain word is an identifier put there (a node,
    // a command kind, a field); two or more that are not identifiers are an English phrase.
    const english = (text: string) => (marks.test(text)
      // (A label cut short by an ellipsis ends in a fragment of a word: left out.)
      ? text.split(/\S*[⟦⟧\u00c0-\u024f\u1e00-\u1eff]\S*/).map((run) => run.replace(/\S*…\s*$/, ''))
        .filter((run) => words(run).filter((w) => !word.test(w.replace(/\.+$/, ''))).length >= 2)
      : isCode(text) ? [] : [text]);
    const out: { text: string; english?: string; where: string; pending: boolean }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.nodeValue ?? '').trim();
      if (!/[A-Za-z]{2}/.test(text)) continue;
      const found = english(text);
      if (found.length === 0) continue;
      const el = node.parentElement;
      // .language-switcher: each language is named in itself (English, 日本語…) on every page.
      if (!el || el.closest(code)) continue;
      const option = el.closest('option');
      if (option ? !(option as HTMLOptionElement).selected || !option.parentElement?.checkVisibility() : !el.checkVisibility({ visibilityProperty: true })) continue;
      const at = el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.closest('[class]')?.className ?? el.tagName;
      out.push({ text: text.slice(0, 100), ...(marks.test(text) ? { english: found.map((run) => run.trim()).join(' … ') } : {}), where: `${el.tagName.toLowerCase()} in ${String(at).slice(0, 40)}`, pending: pending !== '' && el.closest(pending) !== null });
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
    // A link past an unpicked prediction stops before the step that answers it: picked first.
    await go(page, `#/lab/${lab.id}`, `lab-${lab.id}`);
    for (const id of new Set(lab.scenarios.flatMap((s) => s.asks ?? []))) await new LabPage(page).pickPrediction(id);
    for (const [i, scenario] of lab.scenarios.entries()) {
      await go(page, `#/lab/${lab.id}?scenario=${scenario.id}&step=${scenario.actions.length}`, `lab-${lab.id}`);
      await expect(page.getByTestId('step-counter')).toContainText(`${scenario.actions.length} / ${scenario.actions.length}`);
      // The link's run is the scenario's own: it ends where its lab.json expects (L06's LangGraph ones too).
      await expect(page.getByTestId('scenario-check'), `${lab.id} ${scenario.id}`).toHaveAttribute('data-status', 'pass');
      // Open what a student opens: the first exercise and the extra switches.
      if (i === 0) {
        for (const opener of [page.locator('[data-testid^="exercise-"][data-testid$="-open"]').first(), page.locator('[data-testid="more-switches"] summary')]) {
          if (await opener.count() && await opener.getAttribute('aria-expanded') !== 'true') await opener.click();
        }
      }
      all.push(...await leaks(page, `${lab.id} ${scenario.id}`));
    }
  }
  await go(page, '#/progress', 'progress-table');
  all.push(...await leaks(page, 'progress'));
  await go(page, '#/cards', 'cards-dropzone');
  all.push(...await leaks(page, 'cards'));
  const pendingText = [...new Set(all.filter((l) => l.pending).map((l) => `${l.where.replace(/-[\w-]+$/, '-*')}: ${l.text}`))];
  test.info().annotations.push({ type: 'pending model text', description: `${pendingText.length} distinct strings:\n${pendingText.join('\n')}` });
  expect(all.filter((l) => !l.pending).map(said), 'visible text that did not go through a catalog').toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** Searches the open lab to `depth` and waits for the result to have `outcome`. */
async function search(page: Page, depth: number, outcome: 'counterexample' | 'clean'): Promise<void> {
  const panel = page.getByTestId('search-panel');
  await panel.getByTestId('search-depth').fill(String(depth));
  await panel.getByTestId('search-run').click();
  await expect(panel.getByTestId('search-result')).toHaveAttribute('data-outcome', outcome, { timeout: 240_000 });
}

// What a student reaches beyond a scenario: steps the World refuses, a Search's result and the
// run it loads, the fork panel with a refused move and the other-moves list.
test('pseudo-locale: refusals, search, the fork and other moves went through a catalog', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/?lang=en-XA#/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  const all: Leak[] = [];
  // After L11's archive: a second tombstone for the same event (a step that redacts nothing),
  // then an event for the archived group (refused); in L07 a wake for a worker not paused.
  await go(page, '#/lab/L11?scenario=archive&step=4', 'lab-L11');
  await expect(page.getByTestId('step-counter')).toContainText('4 / 4');
  for (const slug of ['tombstone-E-G1-6', 'emit']) await page.getByTestId(`action-${slug}`).click();
  await expect(page.getByTestId('flash')).toBeVisible();
  await expect(page.getByTestId('step-counter')).toContainText('5 / 5');
  all.push(...await leaks(page, 'L11 after the archive'));
  await page.getByTestId('flash').getByRole('button').click();
  await expect(page.getByTestId('flash')).toHaveCount(0);
  await go(page, '#/lab/L07', 'lab-L07');
  await page.getByTestId('action-A_wake').click();
  await expect(page.getByTestId('flash')).toBeVisible();
  all.push(...await leaks(page, 'L07 refused'));
  // Search: one that finds nothing (L01 as shipped: the bounds statement), and a
  // counterexample (L07 against the external system) loaded into the step log, its link
  // shown, and stepped to its end.
  await go(page, '#/lab/L01', 'lab-L01');
  await search(page, 2, 'clean');
  all.push(...await leaks(page, 'L01 search'));
  await go(page, '#/lab/L07?resource=external', 'lab-L07');
  await search(page, 3, 'counterexample');
  all.push(...await leaks(page, 'L07 search'));
  await page.getByTestId('search-load').click();
  await page.getByTestId('search-copy-link').click();
  await expect(page.getByTestId('search-link')).toBeVisible();
  all.push(...await leaks(page, 'L07 search loaded'));
  const steps = await page.getByTestId('search-step').count();
  for (let i = 0; i < steps; i++) await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('step-counter')).toContainText(`${steps} / ${steps}`);
  all.push(...await leaks(page, 'L07 search stepped'));
  // The fork panel: forked after the approval, stepped apart (a refused move included), every value listed.
  await go(page, '#/lab/L01', 'lab-L01');
  if (await page.getByTestId('reset').isEnabled()) await page.getByTestId('reset').click();
  await page.getByTestId('action-approve').click();
  await page.getByTestId('fork-here').click();
  for (const slug of ['lose_request', 'submit', 'advance-3', 'restart-provider']) await page.getByTestId(`fork-action-${slug}`).click();
  await expect(page.getByTestId('fork-refused')).toBeVisible();
  await page.getByTestId('fork-every').check();
  all.push(...await leaks(page, 'L01 fork'));
  // The other moves, with frames in flight and crash points to take.
  await page.getByTestId('action-submit').click();
  await page.locator('[data-testid="other-moves"] summary').click();
  await expect(page.getByTestId('other-move').first()).toBeVisible();
  all.push(...await leaks(page, 'L01 other moves'));
  expect(all.map(said), 'visible text that did not go through a catalog').toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('pseudo-locale scanner reports plain English added to a page, and the flag is needed', async ({ page }) => {
  await page.goto('/?lang=en-XA#/');
  await expect(page.getByTestId('catalog')).toBeVisible();
  expect(await leaks(page, 'catalog')).toEqual([]);
  await page.evaluate(() => { document.querySelector('.intro')!.append(document.createTextNode('Run the scenario again')); });
  expect((await leaks(page, 'catalog')).map((l) => l.text)).toEqual(['Run the scenario again']);
  // Marked strings: English filled into a parameter is reported; one identifier is not.
  await page.evaluate(() => {
    for (const text of ['⟦Ţĥé ŵóŕķéŕ ďíšþáţçĥéš íñţéñţ G1#5 (start W1 for agent-1).⟧', '⟦agent-1 šéñďš claim (auto, éẋþéçţš ŕéṽ current)⟧']) {
      document.querySelector('.intro')!.append(Object.assign(document.createElement('p'), { textContent: text }));
    }
  });
  expect((await leaks(page, 'catalog')).map((l) => l.english ?? l.text)).toEqual(['Run the scenario again', 'G1#5 (start W1 for']);
  // Without the flag a production build ignores the pseudo tag and remembers nothing.
  await page.evaluate(() => localStorage.removeItem('durable-lab:pseudo'));
  const plain = await page.context().newPage();
  await plain.goto('/?lang=en-XA#/');
  await expect(plain.locator('html')).toHaveAttribute('lang', /^(?!en-XA).*/);
  await plain.close();
});
