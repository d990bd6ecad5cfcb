// Types for lang.mjs.
import type { Locale } from '../../src/lab/i18n/locales';

export const GRADE_LOCALES: Locale[];
export const DEFAULT_GRADE_LOCALE: Locale;
export function parseLang(value: string | undefined | null): { ok: true; lang: Locale } | { ok: false; error: string };
