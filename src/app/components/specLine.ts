/**
 * A lab's references as one line, "SPEC 9.5, 9.6 · MWP-WRK-013": section numbers, then the
 * rule IDs the lab shows, if it names any. Codes, the same in every language; the catalog
 * card and the lab heading print the same line.
 */
export function specLine(spec: readonly string[], rules: readonly string[]): string {
  return `SPEC ${spec.join(', ')}${rules.length ? ` · ${rules.join(', ')}` : ''}`;
}
