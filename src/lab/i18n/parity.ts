/**
 * Differences between a translated catalog and its English source, as data, so a test can
 * list every gap at once (and a person can read what is new since the last translation).
 *
 * Beyond the key sets it checks what a translator can break without noticing: the
 * `{{params}}` of each template, and the code identifiers it names (UPPER_SNAKE codes such
 * as CURSOR_TOO_OLD, rule IDs such as MWP-WRK-013), which stay untranslated.
 */
export type Strings = Readonly<Record<string, string>>;

export interface CatalogGaps {
  /** Keys English has and this locale lacks. */
  missing: string[];
  /** Keys this locale has and English does not (stale or misspelt). */
  extra: string[];
  /** Keys whose `{{params}}` differ from English. */
  params: { key: string; expected: string[]; actual: string[] }[];
  /** Keys whose translation dropped a code identifier English names. */
  codes: { key: string; missing: string[] }[];
  /** Keys with an empty translation. */
  empty: string[];
}

/** `{{name}}` and `{{name, format}}` → `name`, sorted and unique. */
export function templateParams(template: string): string[] {
  const names = new Set<string>();
  for (const m of template.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) names.add(m[1]!);
  return [...names].sort();
}

/** Code identifiers that must survive translation verbatim. */
export function codeIdentifiers(text: string): string[] {
  const found = new Set<string>();
  // Text inside {{…}} is a parameter name, not a code on screen.
  const visible = text.replace(/\{\{[^}]*\}\}/g, ' ');
  for (const m of visible.matchAll(/\b(?:MWP-[A-Z]{3}-\d{3}|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]+-\d+)\b/g)) found.add(m[0]);
  return [...found].sort();
}

export function catalogGaps(source: Strings, translated: Strings): CatalogGaps {
  const gaps: CatalogGaps = { missing: [], extra: [], params: [], codes: [], empty: [] };
  for (const key of Object.keys(source)) {
    const text = translated[key];
    if (text === undefined) { gaps.missing.push(key); continue; }
    if (text.trim() === '') gaps.empty.push(key);
    const expected = templateParams(source[key]!);
    const actual = templateParams(text);
    if (expected.join() !== actual.join()) gaps.params.push({ key, expected, actual });
    const lost = codeIdentifiers(source[key]!).filter((code) => !text.includes(code));
    if (lost.length > 0) gaps.codes.push({ key, missing: lost });
  }
  for (const key of Object.keys(translated)) if (!(key in source)) gaps.extra.push(key);
  return gaps;
}

export function isComplete(gaps: CatalogGaps): boolean {
  return gaps.missing.length + gaps.extra.length + gaps.params.length + gaps.codes.length + gaps.empty.length === 0;
}

/** Identifiers a lab narrative cites: codes in its text, and everything in `backticks`. */
export function citedCodes(markdown: string): string[] {
  const ticked = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...new Set([...codeIdentifiers(markdown), ...ticked])].sort();
}
