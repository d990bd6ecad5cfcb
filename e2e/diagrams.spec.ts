/**
 * The React Flow diagrams follow every step. React Flow is handed only the diagrams'
 * structure; a node's status and lines, a link's in-flight count and a machine's live state
 * are read by the node and the edge themselves (Topology.tsx, MachineDiagram.tsx), so these
 * checks compare what the diagrams show with what the rest of the page shows at each step,
 * forward and back. Edges are drawn only once React Flow has measured the nodes: a real
 * layout. (The observed state's lines: src/app/components/ObservedState.test.tsx.)
 */
import { expect, test, type Page } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

/** Everything the diagrams show that changes with the step. */
function diagramMarks(page: Page) {
  return page.evaluate(() => ({
    nodes: [...document.querySelectorAll<HTMLElement>('.topology .world-node')].map((n) => `${n.dataset.testid}:${n.dataset.status}:${n.innerText}`),
    links: [...document.querySelectorAll('.topology [data-testid="edge-label"]')].map((l) => `${l.textContent}${l.classList.contains('busy') ? ' (busy)' : ''}`),
    busyPaths: document.querySelectorAll('.topology .edge-busy path.react-flow__edge-path').length,
    machines: [...document.querySelectorAll<HTMLElement>('.machine')].map((m) => ({
      state: m.dataset.state,
      // The state as the learner reads it: the caption's emphasised word.
      caption: m.querySelector('figcaption strong')?.textContent,
      active: [...m.querySelectorAll<HTMLElement>('[data-active="true"]')].map((s) => s.dataset.testid),
      possible: m.querySelectorAll('.edge-possible path.react-flow__edge-path').length,
    })),
  }));
}

/** Frames in flight, as the network panel lists them (few enough here to be all listed). */
const framesListed = (page: Page) => page.getByTestId('network').locator('li').count();

test.describe('live diagrams', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => { consoleErrors = watchConsole(page); });
  test.afterEach(() => { expect(consoleErrors).toEqual([]); });

  test('L10: link counts follow the network, machine marks follow the state, and a step back shows the same marks again', async ({ page }) => {
    const lab = await new LabPage(page).open('L10');
    await lab.act('emit-3');
    // Out of order: the projection buffers (its machine moves), then catches up.
    for (const id of [3, 1, 2]) await page.getByTestId(`frame-${id}`).getByRole('button', { name: 'deliver' }).click();
    await lab.act('emit', 'disconnect', 'emit', 'reconnect', 'deliver_next');
    const total = Number(/\/ (\d+)/.exec(await page.getByTestId('step-counter').innerText())![1]);
    await lab.reset();
    const seen: Awaited<ReturnType<typeof diagramMarks>>[] = [];
    for (let cursor = 0; cursor <= total; cursor++) {
      if (cursor > 0) await lab.forward();
      await lab.expectStep(cursor, total);
      const marks = await diagramMarks(page);
      // The in-flight counts on the links add up to the frames the network panel lists.
      const counted = marks.links.reduce((n, text) => n + Number(/(\d+) in flight/.exec(text)?.[1] ?? 0), 0);
      expect(counted).toBe(await framesListed(page));
      expect(marks.links.filter((l) => l.endsWith('(busy)')).length).toBe(marks.busyPaths);
      for (const machine of marks.machines) {
        // One active state, the one the caption names, and its transitions marked.
        expect(machine.active).toEqual([`machine-state-${machine.caption}`]);
        expect(machine.caption).toBe(machine.state);
      }
      seen.push(marks);
    }
    expect(seen.some((m) => m.busyPaths > 0)).toBe(true);
    expect(new Set(seen.map((m) => m.nodes.join('|'))).size).toBeGreaterThan(2);
    expect(new Set(seen.map((m) => m.machines.map((x) => x.state).join('|'))).size).toBeGreaterThan(1);
    expect(seen.some((m) => m.machines.some((x) => x.possible > 0))).toBe(true);
    for (let cursor = total - 1; cursor >= 0; cursor--) {
      await lab.back();
      await lab.expectStep(cursor, total);
      expect(await diagramMarks(page)).toEqual(seen[cursor]);
    }
  });
});
