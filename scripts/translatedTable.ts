/**
 * A translated narrative may carry its own translation of the generated comparison table
 * (outside the `compare:start/end` markers, so `npm run compare` does not overwrite it). Then
 * nothing regenerates it when the runs change, so this checks it against the generated table
 * row by row: same number of rows, and each row carries the same codes and numbers — the
 * words are the translator's, the facts are the run's.
 *
 * "Codes and numbers" are what a translation keeps verbatim (docs/glossary.md): backticked
 * text, result codes and rule IDs (CONFIRMED, PARAMETER_CONFLICT, MWP-WRK-031), snake_case
 * identifiers (draft_note), CamelCase names (LangGraph) and digits. A number the English
 * spells out ("one refund request") may come out as a digit ("1 回") or as a word ("一次"),
 * so it is allowed, not required; every digit the generated row has is required.
 */

/** A markdown table as rows of cell texts, header first, the `| --- |` line left out. */
export type Table = string[][];

const isRow = (line: string) => line.trimStart().startsWith('|');
const isSeparator = (cells: string[]) => cells.every((cell) => /^:?-{3,}:?$/.test(cell));

/** Cells of one `| a | b |` line; `\|` inside a cell is text, not a border. */
export function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Every table in a markdown text (runs of consecutive `|` lines). */
export function markdownTables(markdown: string): Table[] {
  const tables: Table[] = [];
  let current: Table | null = null;
  for (const line of markdown.split('\n')) {
    if (!isRow(line)) { current = null; continue; }
    if (!current) tables.push((current = []));
    const cells = cellsOf(line);
    if (!isSeparator(cells)) current.push(cells);
  }
  return tables;
}

const NUMBER_WORDS: Record<string, string> = { one: '1', once: '1', two: '2', twice: '2', three: '3', four: '4', five: '5' };

/** What one row must carry: its codes, its digits, and the numbers it spells as words (sorted). */
export interface RowTokens {
  codes: string[];
  digits: string[];
  /** Numbers the English writes as words ("one refund request"): a translation may write them as digits or not. */
  spelled: string[];
}

/** The codes and numbers of one row (sorted: a translation may reorder words within a row). */
export function rowTokens(cells: readonly string[]): RowTokens {
  const codes: string[] = [];
  const digits: string[] = [];
  const spelled: string[] = [];
  for (const raw of cells) {
    // Each pattern removes what it took, so REF-1 is one code, not a code and a digit.
    let text = raw.replace(/`([^`]+)`/g, (_, code: string) => { codes.push(code); return ' '; });
    const take = (pattern: RegExp, into: string[]) => { text = text.replace(pattern, (match) => { into.push(match); return ' '; }); };
    take(/\b[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+\b/g, codes); // PARAMETER_CONFLICT, MWP-WRK-031, REF-1
    take(/\b[A-Z]{2,}\b/g, codes); // CONFIRMED, NONE
    take(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, codes); // draft_note, operation_id
    take(/\b[A-Z][a-z]+[A-Z][A-Za-z]*\b/g, codes); // LangGraph
    take(/\d+/g, digits);
    text.replace(/\b(one|once|two|twice|three|four|five)\b/gi, (word) => { spelled.push(NUMBER_WORDS[word.toLowerCase()]!); return ' '; });
  }
  return { codes: codes.sort(), digits: digits.sort(), spelled: spelled.sort() };
}

/** `list` without one occurrence of each of `remove`'s items; null when `remove` holds one `list` lacks. */
function without(list: readonly string[], remove: readonly string[]): string[] | null {
  const rest = [...list];
  for (const item of remove) {
    const at = rest.indexOf(item);
    if (at < 0) return null;
    rest.splice(at, 1);
  }
  return rest;
}

/**
 * Whether a translated row carries what the generated row does: the same codes; every digit
 * the generated row has; and digits beyond those only for numbers the English spelled out.
 */
export function sameFacts(generated: RowTokens, translated: RowTokens): boolean {
  if (generated.codes.join(' ') !== translated.codes.join(' ')) return false;
  const extra = without(translated.digits, generated.digits);
  return extra !== null && without(generated.spelled, extra) !== null;
}

const show = (t: RowTokens) => `[${[...t.codes, ...t.digits].join(', ')}]${t.spelled.length ? ` (spelled: ${t.spelled.join(', ')})` : ''}`;

/**
 * What differs between the generated table (`generated`, the markdown `toMarkdown` gives) and
 * the table a translated narrative carries: the one table in `readme` with as many columns as
 * the generated one. Empty when they agree; each entry names the row and the tokens.
 */
export function tableDrift(generated: string, readme: string): string[] {
  const [source] = markdownTables(generated);
  if (!source?.[0]) return ['the generated text holds no table'];
  const width = source[0].length;
  const candidates = markdownTables(readme).filter((table) => table[0]?.length === width);
  if (candidates.length !== 1) return [`expected one ${width}-column table, found ${candidates.length}`];
  const translated = candidates[0]!;
  const problems: string[] = [];
  if (translated.length !== source.length) problems.push(`${translated.length - 1} rows, the generated table has ${source.length - 1}`);
  source.slice(1).forEach((row, i) => {
    const other = translated[i + 1];
    if (!other) return;
    const want = rowTokens(row);
    const got = rowTokens(other);
    if (!sameFacts(want, got)) problems.push(`row ${i + 1} (${row.slice(0, 3).join(' | ')}): generated carries ${show(want)}, translation ${show(got)}`);
  });
  return problems;
}
