/**
 * Per-locale lab text beside the lab: `labs/Lxx/README.<locale>.md` (the narrative) and
 * `labs/Lxx/strings.<locale>.json` (lab.json's titles, summary, action labels and help,
 * observables, scenarios and exercises, keyed by their stable IDs).
 *
 * Opting in: a lab is held to a locale once it has a `strings.<locale>.json`. From then on
 * a missing README, a scenario or exercise without its translation, an ID that no longer
 * exists or a strings file without the hash of the English it translates is a lab problem,
 * reported like a bad field. Labs without the file load in English, so coverage can grow
 * one lab at a time without breaking the catalog.
 */
import { z } from 'zod';
import { labProblem, zodProblems } from '../loaderProblems';
import type { Lab, LabProblem } from '../schema';
import { spellAmounts } from './labAmounts';
import { LOCALES, type Locale } from './locales';

const text = z.string().trim().min(1);

const labStringsSchema = z.object({
  locale: z.enum(LOCALES),
  /** The git commit of the English lab.json / README.md this translates (7–40 hex). */
  source: z.string().regex(/^[0-9a-f]{7,40}$/, 'the git hash of the English source this translates'),
  title: text,
  summary: text,
  /** Palette group names (the English group is the ID). */
  groups: z.record(z.string(), text).default({}),
  /** Keyed by `actionId(action)`: the token, or the object as canonical JSON. */
  actions: z.record(z.string(), z.object({ label: text, help: text.optional() }).strict()).default({}),
  observables: z.record(z.string(), text).default({}),
  scenarios: z.record(z.string(), z.object({ title: text, description: text.optional() }).strict()).default({}),
  exercises: z.record(z.string(), z.object({
    title: text,
    prompt: text,
    explanation: text.optional(),
    hint: text.optional(),
    /** Predict choices keyed by the canonical JSON of their value (`true`, `"CONFIRMED"`). */
    choices: z.record(z.string(), text).optional(),
  }).strict()).default({}),
}).strict();

export type LabStrings = z.infer<typeof labStringsSchema>;

/** What a lab folder holds for one locale, as text (null when the file is absent). */
export interface LabTranslationFiles {
  strings: string | null;
  readme: string | null;
}

/** A lab's translation into one locale, once it passed every check. */
export interface LabTranslation {
  strings: LabStrings;
  readme: string;
}

/** JSON with sorted object keys, so `{"a":1,"b":2}` and `{"b":2,"a":1}` name the same action. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The stable ID of a palette action: a token as itself, an object as canonical JSON. */
export function actionId(action: unknown): string {
  return typeof action === 'string' ? action : canonicalJson(action);
}

/** Every ID a complete translation must cover, with the fields each needs. */
function requiredEntries(lab: Lab): { field: string; present: (s: LabStrings) => boolean }[] {
  const out: { field: string; present: (s: LabStrings) => boolean }[] = [];
  for (const group of new Set(lab.actions.map((a) => a.group))) out.push({ field: `groups.${group}`, present: (s) => group in s.groups });
  for (const entry of lab.actions) {
    const id = actionId(entry.action);
    out.push({ field: `actions.${id}`, present: (s) => id in s.actions });
    if (entry.help) out.push({ field: `actions.${id}.help`, present: (s) => !(id in s.actions) || s.actions[id]!.help !== undefined });
  }
  for (const o of lab.observables) out.push({ field: `observables.${o.key}`, present: (s) => o.key in s.observables });
  for (const sc of lab.scenarios) {
    out.push({ field: `scenarios.${sc.id}`, present: (s) => sc.id in s.scenarios });
    if (sc.description) out.push({ field: `scenarios.${sc.id}.description`, present: (s) => !(sc.id in s.scenarios) || s.scenarios[sc.id]!.description !== undefined });
  }
  for (const ex of lab.exercises) {
    const has = (s: LabStrings) => s.exercises[ex.id];
    out.push({ field: `exercises.${ex.id}`, present: (s) => has(s) !== undefined });
    if (ex.kind === 'predict') {
      out.push({ field: `exercises.${ex.id}.explanation`, present: (s) => !has(s) || has(s)!.explanation !== undefined });
      for (const c of ex.choices) {
        const key = canonicalJson(c.value);
        out.push({ field: `exercises.${ex.id}.choices.${key}`, present: (s) => !has(s) || (has(s)!.choices ?? {})[key] !== undefined });
      }
    }
    if (ex.kind === 'reproduce' && ex.hint) out.push({ field: `exercises.${ex.id}.hint`, present: (s) => !has(s) || has(s)!.hint !== undefined });
  }
  return out;
}

/** IDs the strings name that the lab does not have (renamed or removed since translating). */
function staleEntries(lab: Lab, s: LabStrings): string[] {
  const known = {
    groups: new Set(lab.actions.map((a) => a.group)),
    actions: new Set(lab.actions.map((a) => actionId(a.action))),
    observables: new Set(lab.observables.map((o) => o.key)),
    scenarios: new Set(lab.scenarios.map((sc) => sc.id)),
    exercises: new Set(lab.exercises.map((e) => e.id)),
  };
  const out: string[] = [];
  for (const section of Object.keys(known) as (keyof typeof known)[]) {
    for (const id of Object.keys(s[section])) if (!known[section].has(id)) out.push(`${section}.${id}`);
  }
  return out;
}

/**
 * Checks one locale of one lab. `stringsFile` is the path shown to the author
 * (`labs/L07/strings.ja.json`). Returns the translation when it is complete.
 */
export function checkLabTranslation(lab: Lab, locale: Locale, stringsFile: string, files: LabTranslationFiles):
  { problems: LabProblem[]; translation: LabTranslation | null } {
  if (files.strings === null) return { problems: [], translation: null }; // not opted in
  let json: unknown;
  try {
    json = JSON.parse(files.strings);
  } catch (error) {
    return { problems: [labProblem(stringsFile, '(whole file)', 'problems.not_json', { detail: error instanceof Error ? error.message : String(error) })], translation: null };
  }
  const parsed = labStringsSchema.safeParse(json);
  if (!parsed.success) {
    const field = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(whole file)';
    return { problems: zodProblems(stringsFile, parsed.error, json, field), translation: null };
  }
  const problems: LabProblem[] = [];
  // Amounts ({{cents:N}}) are spelled in this file's own language (labAmounts.ts).
  const readmeFile = stringsFile.replace(/strings\.[^/]+\.json$/, `README.${locale}.md`);
  const strings = spellAmounts(parsed.data, locale, stringsFile, problems);
  const readme = files.readme === null ? null : spellAmounts(files.readme, locale, readmeFile, problems);
  if (strings.locale !== locale) problems.push(labProblem(stringsFile, 'locale', 'problems.locale_mismatch', { said: strings.locale, locale }));
  for (const entry of requiredEntries(lab)) if (!entry.present(strings)) problems.push(labProblem(stringsFile, entry.field, 'problems.missing_translation', { locale }));
  for (const field of staleEntries(lab, strings)) problems.push(labProblem(stringsFile, field, 'problems.stale_translation'));
  if (readme === null || readme.trim() === '') problems.push(labProblem(readmeFile, '(file)', 'problems.missing_narrative', { locale }));
  return problems.length > 0 ? { problems, translation: null } : { problems, translation: { strings, readme: readme! } };
}

/** The lab as a student reading `locale` sees it; English wherever there is no translation. */
export function localizeLab(lab: Lab, translation: LabTranslation | undefined): Lab {
  if (!translation) return lab;
  const s = translation.strings;
  return {
    ...lab,
    title: s.title,
    summary: s.summary,
    readme: translation.readme,
    actions: lab.actions.map((a) => {
      const t = s.actions[actionId(a.action)];
      return { ...a, group: s.groups[a.group] ?? a.group, label: t?.label ?? a.label, ...(a.help ? { help: t?.help ?? a.help } : {}) };
    }),
    observables: lab.observables.map((o) => ({ ...o, meaning: s.observables[o.key] ?? o.meaning })),
    scenarios: lab.scenarios.map((sc) => {
      const t = s.scenarios[sc.id];
      return t ? { ...sc, title: t.title, description: t.description ?? sc.description } : sc;
    }),
    exercises: lab.exercises.map((ex) => {
      const t = s.exercises[ex.id];
      if (!t) return ex;
      const base = { ...ex, title: t.title, prompt: t.prompt };
      if (base.kind === 'predict') {
        return { ...base, explanation: t.explanation ?? base.explanation,
          choices: base.choices.map((c) => ({ ...c, label: t.choices?.[canonicalJson(c.value)] ?? c.label })) };
      }
      if (base.kind === 'reproduce' && base.hint) return { ...base, hint: t.hint ?? base.hint };
      return base;
    }),
  };
}
