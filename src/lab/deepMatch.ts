/**
 * Subset matching for card expectations: every key in `expected` must be present in
 * `actual` with a matching value; extra keys in `actual` are fine. Arrays match element by
 * element and must have the same length.
 */
export interface Mismatch {
  path: string;
  expected: unknown;
  actual: unknown;
}

export function deepMatch(expected: unknown, actual: unknown, path = ''): Mismatch[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [{ path: path || '(root)', expected, actual }];
    return expected.flatMap((item, i) => deepMatch(item, actual[i], `${path}[${i}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [{ path: path || '(root)', expected, actual }];
    return Object.entries(expected).flatMap(([key, value]) =>
      key in actual ? deepMatch(value, actual[key], path ? `${path}.${key}` : key)
        : [{ path: path ? `${path}.${key}` : key, expected: value, actual: undefined }]);
  }
  return Object.is(expected, actual) ? [] : [{ path: path || '(root)', expected, actual }];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
