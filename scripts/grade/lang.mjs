// `npm run grade -- --lang <locale>`: the language of the feedback text in the reports.
// Statuses, exercise and lab IDs, feedback keys and warning codes never change with it.
// Plain ESM like report.mjs; the list must equal LOCALES in src/lab/i18n/locales.ts
// (lang.test.ts checks), since the grader cannot import TypeScript before the build.

/** The languages the lab ships in, as `--lang` accepts them. */
export const GRADE_LOCALES = ['en', 'zh-Hans', 'zh-Hant', 'ja'];

export const DEFAULT_GRADE_LOCALE = 'en';

/**
 * `--lang` → a shipped locale, English when absent. An unknown value is an error naming the
 * accepted ones (no guessing: `zh` could be either script, and a report in the wrong script
 * is worse than a clear stop).
 */
export function parseLang(value) {
  if (value === undefined || value === null) return { ok: true, lang: DEFAULT_GRADE_LOCALE };
  const lang = String(value).trim();
  if (GRADE_LOCALES.includes(lang)) return { ok: true, lang };
  return { ok: false, error: `unknown --lang '${lang}' (one of: ${GRADE_LOCALES.join(', ')})` };
}
