/**
 * A stored value as a table cell a person reads: LangGraph's checkpoint columns hold whole
 * serialized objects (hundreds of characters of JSON), which filled the crash panel's narrow
 * tables. A JSON object reads as its top-level fields (`source: loop · step: 2`), nested
 * values summarised, a long text is cut, a BLOB says its size; `full` keeps the stored value
 * for a tooltip.
 */
const MAX = 80;

function brief(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.length}]`;
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '{}' : '{…}';
  return String(value);
}

const cut = (text: string) => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);

export function cellText(value: unknown): { text: string; full?: string } {
  if (value === null || value === undefined) return { text: 'NULL' };
  if (value instanceof Uint8Array) return { text: `BLOB ${value.length} B` };
  const raw = String(value);
  if (typeof value === 'string' && raw.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const fields = Object.entries(parsed).map(([k, v]) => `${k}: ${brief(v)}`).join(' · ');
        return { text: cut(fields || '{}'), full: raw };
      }
    } catch { /* not JSON: shown as text */ }
  }
  return raw.length > MAX ? { text: cut(raw), full: raw } : { text: raw };
}
