/**
 * The pseudo-locale `en-XA`: English with every letter accented (`Step` → `Šţéþ`) and every
 * catalog string bracketed (`⟦…⟧`). Whatever reaches the screen through a catalog — app
 * chrome, the World's narration, lab text — is visibly marked; a plain ASCII word on a
 * pseudo page did not go through one (e2e/i18n-pseudo.spec.ts fails on it). The brackets
 * and longer glyphs also show where a label would be cut short.
 *
 * Generated from the English catalogs at run time (nothing to keep in step), and offered
 * only in a dev server or when `localStorage['durable-lab:pseudo']` is `'1'` (tests set it):
 * students never see it in the switcher, and `?lang=en-XA` means nothing to them.
 */
import type { Lab } from '../../lab/schema';
import type { Catalog } from '../../lab/messages/render';

export const PSEUDO_LOCALE = 'en-XA';
export const PSEUDO_FLAG_KEY = 'durable-lab:pseudo';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçďéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹḾÑÓÞǪŔŠŢÚṼŴẊÝŽ';
const TO_PSEUDO = new Map([...PLAIN].map((c, i) => [c, [...ACCENTED][i]!]));

/** Every character a pseudo string can contain that plain English cannot. */
export const PSEUDO_MARKS = `⟦⟧${ACCENTED}`;

/**
 * Pieces left as they are: `{{params}}`, `<tags>` (Trans components), `code spans`, link
 * targets `](…)`, URLs, and code identifiers (UPPER_SNAKE codes and states such as
 * `PREPARED`, rule IDs such as `MWP-WRK-013` or `FENCE-1`, snake_case names) — codes are the same in every language.
 */
const KEEP = /(\{\{[^}]*\}\}|<[^>]*>|`[^`]*`|\]\([^)]*\)|https?:\/\/\S+|\b(?:MWP-[A-Z]{3}-\d{3}|[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+)+|[A-Z][A-Z0-9]+|\w+_\w+)\b)/;

function accent(text: string): string {
  return text.split(KEEP).map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => TO_PSEUDO.get(c) ?? c).join(''))).join('');
}

/** One catalog string in the pseudo-locale: accented and bracketed. */
export function pseudo(text: string): string {
  return `⟦${accent(text)}⟧`;
}

/** Markdown accented line by line, fenced code blocks untouched (no brackets: they would break block syntax). */
export function pseudoMarkdown(markdown: string): string {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return line;
    }
    return fenced ? line : accent(line);
  }).join('\n');
}

export function pseudoCatalog<T extends Readonly<Record<string, string>>>(catalog: T): Catalog {
  return Object.fromEntries(Object.entries(catalog).map(([key, text]) => [key, pseudo(text)]));
}

/** The lab as a reader of the pseudo-locale sees it: every translatable field marked, IDs and actions unchanged. */
export function pseudoLab(lab: Lab): Lab {
  return {
    ...lab,
    title: pseudo(lab.title),
    summary: pseudo(lab.summary),
    readme: pseudoMarkdown(lab.readme),
    actions: lab.actions.map((a) => ({ ...a, group: pseudo(a.group), label: pseudo(a.label), ...(a.help ? { help: pseudo(a.help) } : {}) })),
    observables: lab.observables.map((o) => ({ ...o, meaning: pseudo(o.meaning) })),
    scenarios: lab.scenarios.map((sc) => ({ ...sc, title: pseudo(sc.title), ...(sc.description ? { description: pseudo(sc.description) } : {}) })),
    exercises: lab.exercises.map((ex) => {
      const base = { ...ex, title: pseudo(ex.title), prompt: pseudoMarkdown(ex.prompt) };
      if (base.kind === 'predict') return { ...base, explanation: pseudo(base.explanation), choices: base.choices.map((c) => ({ ...c, label: pseudo(c.label) })) };
      if (base.kind === 'reproduce' && base.hint) return { ...base, hint: pseudo(base.hint) };
      return base;
    }),
  };
}

/** Whether this page may offer the pseudo-locale: a dev server, or the flag tests set. */
export function pseudoAllowed(storage: Pick<Storage, 'getItem'> | null): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return storage?.getItem(PSEUDO_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}
