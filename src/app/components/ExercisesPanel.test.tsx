// @vitest-environment happy-dom
/**
 * The exercises panel on real lab pages (src/test/labApp.tsx), checked by the real checker:
 * exercises that cannot be gamed — a prediction's first pick decides, a repair's designs are
 * neutral and unpicked until spoilers or done, a reproduce attempt is checked under the
 * switches the student ran — and a repair lists its designs in the page's language, as the
 * toolbar words them.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lab/i18n/locales';
import { choose, click, mountApp, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

/** The option texts of a select, its "choose…" placeholder (value "") left out, sorted. */
function optionTexts(testId: string): string[] {
  return [...screen.getByTestId<HTMLSelectElement>(testId).options].filter((o) => o.value !== '').map((o) => o.textContent!.trim()).sort();
}

async function repairOptions(lang: Locale): Promise<{ exercise: string[]; toolbar: string[] }> {
  mountApp(lang);
  await visit('#/lab/L04');
  await click('exercise-one-transaction-open');
  const shown = { exercise: optionTexts('exercise-one-transaction-option-refund_mode'), toolbar: optionTexts('switch-refund_mode') };
  cleanup();
  return shown;
}

describe('a repair exercise', () => {
  // A repair exercise lists the designs of a switch: in the page's language, with the same
  // words the toolbar uses for that switch (not the model's English).
  it('lists the switch option labels in the page language, as in the toolbar', async () => {
    const en = await repairOptions('en');
    expect(en.exercise).toHaveLength(3); // the designs the exercise offers, a subset of the switch's
    for (const label of en.exercise) expect(en.toolbar).toContain(label);
    const ja = await repairOptions('ja');
    expect(ja.exercise).toHaveLength(3);
    for (const label of ja.exercise) expect(ja.toolbar).toContain(label);
    expect(ja.exercise).toContain('1 つのローカルトランザクション（SPEC 9.4）');
    expect(ja.exercise).not.toEqual(en.exercise);
  });
});

const attr = (testId: string, name: string) => screen.getByTestId(testId).getAttribute(name);
const text = (testId: string) => screen.getByTestId(testId).textContent!;
/** Waits for the checker's verdict on the attempt just sent, as the page shows it. */
async function verdictPasses(id: string, pass: boolean): Promise<void> {
  await waitFor(() => expect(attr(`exercise-${id}-verdict`, 'data-pass')).toBe(String(pass)), { timeout: 30_000 });
}

describe('fair exercises', () => {
  it('predict: the first pick decides; picking again until right stays missed, as practice', async () => {
    mountApp();
    await visit('#/lab/L07');
    await click('exercise-late-write-open');
    await click('exercise-late-write-choice-0'); // wrong
    await click('exercise-late-write-check');
    await verdictPasses('late-write', false);
    await click('exercise-late-write-choice-1'); // now right — practice
    await click('exercise-late-write-check');
    await verdictPasses('late-write', true);
    expect(attr('exercise-late-write', 'data-status')).toBe('missed');
    expect(text('exercise-late-write-decided')).toContain('not right. The first pick decides this exercise');
    expect(text('exercise-late-write-decided')).toContain('practice (1 so far)');
    await click('nav-progress');
    await waitFor(() => expect(screen.getByTestId('progress-L07')).toBeTruthy(), { timeout: 30_000 });
    expect(attr('progress-L07', 'data-done')).toBe('0');
    expect(attr('progress-L07', 'data-missed')).toBe('1');
  });

  it.each([['L04', 'one-transaction', 'refund_mode'], ['L10', 'order-the-cycle', 'apply'], ['L13', 'bounded', 'offline_policy']])('repair options in %s: neutral labels, nothing preselected, verdicts only behind spoilers or once done', async (labId, id, sw) => {
    mountApp();
    await visit(`#/lab/${labId}`);
    await click(`exercise-${id}-open`);
    const select = screen.getByTestId<HTMLSelectElement>(`exercise-${id}-option-${sw}`);
    expect(select.value).toBe('');
    const texts = [...select.options].map((o) => o.textContent!);
    for (const label of texts) expect(label).not.toMatch(/correct|wrong|right design/i);
    expect(screen.getByTestId<HTMLButtonElement>(`exercise-${id}-check`).disabled).toBe(true);
    await click(`exercise-${id}-spoilers`);
    expect([...screen.getByTestId<HTMLSelectElement>(`exercise-${id}-option-${sw}`).options]).toHaveLength(texts.length);
  });

  it('reproduce checks what was run: L07 with the resource fenced again is not reproduced while FENCE-1 stays green', async () => {
    mountApp();
    await visit('#/lab/L07');
    await click('exercise-overwrite-open');
    await click('exercise-overwrite-start');
    expect(text('exercise-overwrite-fixed')).toContain("This exercise's switches: The resource: an external system that takes writes as they come.");
    await choose('switch-resource', 'fenced');
    expect(text('exercise-overwrite-fixed')).toContain('You changed The resource (now compares the fence in the same conditional write)');
    for (const slug of ['A_pause', 'advance-11', 'B_acquire', 'B_write', 'A_wake']) await click(`action-${slug}`);
    expect(attr('invariant-FENCE-1', 'data-ok')).toBe('true');
    await click('exercise-overwrite-check');
    await verdictPasses('overwrite', false);
    expect(text('exercise-overwrite-verdict')).toContain('Not reproduced: you ran with resource = fenced');
  });
});
