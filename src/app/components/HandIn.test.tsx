// @vitest-environment happy-dom
/**
 * The hand-in control of a repair or reproduce exercise: the student marks the attempt that
 * is graded, may change the mark, and the exported file carries the latest mark (the grader
 * grades that attempt; the others stay in the file as practice).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { resolve } from 'node:path';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gradedAttempt, handedIn, type Attempt } from '../../lab/exercises/records';
import { loadLabsFromDir } from '../../lab/nodeFiles';
import { emptyProgress, withExercise } from '../../lab/progress';
import { parseSubmission } from '../../lab/submission';
import type { LabSession } from '../../lab/session';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { ensureRuntime, exportSubmissionText, selectProgress, useApp } from '../store';
import { HandIn } from './ExercisesPanel';

// The catalog's index is built by a Vite plugin that does not run under happy-dom; nothing here reads it.
vi.mock('virtual:lab-index', () => ({ default: [] }));
// The page's runtime chunk fetches sql.js's wasm by URL, which Node cannot; the export needs only buildSubmission.
vi.mock('../runtime', async () => ({ start: async () => {}, buildSubmission: (await import('../../lab/submission')).buildSubmission }));

const l07 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : [])).find((l) => l.id === 'L07')!;
const exercise = l07.exercises.find((e) => e.id === 'search-then-repair')!;
const at = (s: number) => `2026-11-29T10:00:0${s}.000Z`;
const attempt = (pass: boolean, s: number): Attempt => ({
  at: at(s), input: { kind: 'repair', choices: { resource: pass ? 'fenced' : 'external' } },
  verdict: { pass, feedback: pass ? 'Right.' : 'Not yet.', rules: [] },
});

/** The control as the exercise panel shows it: fed the record the store holds now. */
function Shown() {
  const record = useApp(selectProgress).exercises.L07?.[exercise.id];
  return record ? <HandIn exercise={exercise} record={record} /> : null;
}

function show() {
  const i18n = createLabI18n('en', { resources: ALL_RESOURCES });
  render(<I18nextProvider i18n={i18n}><Shown /></I18nextProvider>);
}

const exported = () => {
  const parsed = parseSubmission(exportSubmissionText());
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.submission.labs.L07!.exercises[exercise.id]!;
};

beforeAll(async () => { await ensureRuntime(); });

beforeEach(() => {
  window.localStorage.clear();
  // Three attempts: a failing one, then two that pass. Only the lab's ID is read from the session.
  const progress = withExercise({ ...emptyProgress(), student: { name: 'Ada', id: 's-1' } }, 'L07', exercise.id,
    { attempts: [attempt(false, 1), attempt(true, 2), attempt(true, 3)] });
  useApp.setState({ progress, session: { lab: l07 } as unknown as LabSession });
});
afterEach(cleanup);

describe('handing in one attempt', () => {
  it('with no mark, says so, offers every attempt, and the export grades the first that passed', async () => {
    show();
    expect(screen.getByTestId(`exercise-${exercise.id}-handed`).textContent).toMatch(/^No attempt handed in yet/);
    for (const n of [1, 2, 3]) expect(screen.getByTestId(`exercise-${exercise.id}-hand-in-${n}`)).toBeTruthy();
    const record = exported();
    expect(handedIn(record)).toBeNull();
    expect(gradedAttempt('repair', record, (i) => record.attempts[i]!.verdict.pass === true)).toBe(1);
  });

  it('marks an attempt: it is shown as handed in, and the export carries the mark', async () => {
    show();
    fireEvent.click(screen.getByTestId(`exercise-${exercise.id}-hand-in-3`));
    expect(screen.getByTestId(`exercise-${exercise.id}-handed`).getAttribute('data-attempt')).toBe('3');
    expect(screen.getByTestId(`exercise-${exercise.id}-handed`).textContent).toBe('Handed in: attempt 3. The others are practice.');
    expect(screen.queryByTestId(`exercise-${exercise.id}-hand-in-3`)).toBeNull(); // no button on the marked one
    const record = exported();
    expect(record.events?.filter((e) => e.type === 'hand-in').map((e) => (e as { attempt: number }).attempt)).toEqual([3]);
    expect(handedIn(record)).toBe(3);
    expect(gradedAttempt('repair', record, () => true)).toBe(2);
    expect(record.attempts).toHaveLength(3); // the others stay, as practice
  });

  it('changes the mark, even to a failing attempt: the latest mark counts in the export', async () => {
    show();
    fireEvent.click(screen.getByTestId(`exercise-${exercise.id}-hand-in-3`));
    fireEvent.click(screen.getByTestId(`exercise-${exercise.id}-hand-in-1`));
    expect(screen.getByTestId(`exercise-${exercise.id}-handed`).getAttribute('data-attempt')).toBe('1');
    expect(screen.getByTestId(`exercise-${exercise.id}-hand-in-3`)).toBeTruthy(); // 3 can be marked again
    const record = exported();
    expect(record.events?.filter((e) => e.type === 'hand-in').map((e) => (e as { attempt: number }).attempt)).toEqual([3, 1]);
    expect(handedIn(record)).toBe(1);
    expect(gradedAttempt('repair', record, (i) => record.attempts[i]!.verdict.pass === true)).toBe(0);
  });
});
