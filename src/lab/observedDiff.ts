/** Two branches' observed states compared leaf by leaf (the fork view, src/lab/fork.ts). */

/** One observed value in two branches: its dotted path and each side's value (undefined: absent there). */
export interface DiffRow { path: string; left: unknown; right: unknown; same: boolean }

/**
 * The two branches' observed states, leaf by leaf (objects opened, arrays and scalars kept
 * whole as values), in the left side's key order with the right's extra keys after.
 */
export function observedDiff(left: Record<string, unknown>, right: Record<string, unknown>): DiffRow[] {
  const rows: DiffRow[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (isObject(a) && isObject(b)) {
      const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
      for (const key of keys) walk(a[key], b[key], path ? `${path}.${key}` : key);
      return;
    }
    rows.push({ path, left: a, right: b, same: JSON.stringify(a) === JSON.stringify(b) });
  };
  walk(left, right, '');
  return rows;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
