/**
 * A uuid[] or text[] of simple values (no commas or quotes) as either driver hands it back: an
 * array (pg), or its text form "{a,b}" (PGlite may, for a raw statement's array column).
 */
export function simpleArray<T extends string>(value: T[] | string): T[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : (inner.split(',') as T[]);
}
