// @vitest-environment happy-dom
/**
 * The export refuses a student ID the course's pattern (course.json, which the grader also
 * reads) does not accept, says why in the page's language, and lets the student fix it.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProgress } from '../../lab/progress';
import type { Locale } from '../../lab/i18n/locales';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { useApp } from '../store';
import { ProgressPage } from './ProgressPage';

// The catalog's index is built by a Vite plugin that does not run under happy-dom; this page never reads it.
vi.mock('virtual:lab-index', () => ({ default: [] }));

const course = { idPattern: '^s\\d{6}$', idExample: 's123456' };

function show(locale: Locale, props: Parameters<typeof ProgressPage>[0] = { course }) {
  const i18n = createLabI18n(locale, { resources: ALL_RESOURCES });
  return render(<I18nextProvider i18n={i18n}><ProgressPage {...props} /></I18nextProvider>);
}

function student(name: string, id: string) {
  useApp.setState({ loads: [], progress: { ...emptyProgress(), student: { name, id } } });
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('export and the course\'s student-ID pattern', () => {
  it('refuses an ID off the pattern, with the example, and exports once the student corrects it', () => {
    student('Ada', 's12345');
    show('en');
    expect(screen.getByTestId('export')).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('Your student ID "s12345" does not have the form this course uses (for example s123456). Correct it before exporting: the grader matches files to students by ID.');
    fireEvent.change(screen.getByTestId('student-id'), { target: { value: 'S123456' } });
    expect(useApp.getState().progress.student.id).toBe('S123456');
    expect(screen.getByTestId('export')).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('export-id-malformed')).toBeNull();
  });

  it('says it in the page\'s language', () => {
    const said: Record<Locale, RegExp> = {
      en: /does not have the form this course uses/, ja: /このコースで使う形式（例：s123456）になっていません/,
      'zh-Hans': /不符合本课程使用的格式（例如 s123456）/, 'zh-Hant': /不符合本課程使用的格式（例如 s123456）/,
    };
    for (const [locale, words] of Object.entries(said) as [Locale, RegExp][]) {
      student('Ada', 'x-1');
      show(locale);
      expect(screen.getByTestId('export-id-malformed').textContent, locale).toMatch(words);
      expect(screen.getByTestId('export-id-malformed').textContent, locale).toContain('"x-1"');
      cleanup();
    }
  });

  it('without an example the message still names the ID', () => {
    student('Ada', 'x-1');
    show('en', { course: { idPattern: '^s\\d{6}$' } });
    expect(screen.getByTestId('export-id-malformed').textContent).toMatch(/^Your student ID "x-1" does not have the form this course uses\. /);
  });

  it('takes any ID when the course sets no pattern; a missing name or ID is the older message', () => {
    student('Ada', 'anything');
    show('en', { course: {} });
    expect(screen.getByTestId('export')).toHaveProperty('disabled', false);
    cleanup();
    student('Ada', '');
    show('en');
    expect(screen.getByTestId('export')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('export-needs').textContent).toBe('Enter your name and student ID before exporting.');
    expect(screen.queryByTestId('export-id-malformed')).toBeNull();
  });
});
