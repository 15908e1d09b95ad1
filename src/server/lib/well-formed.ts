/** A surrogate half without its other half: JSON can carry one ("\udfff"), UTF-8 and PostgreSQL's jsonb cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * No body of ours nests deeper than a few levels: below this the value is left as it is (its
 * validation refuses it), so a hostile body nested thousands deep cannot exhaust the stack.
 */
const MAX_DEPTH = 32;

/**
 * The value with every lone surrogate in its strings replaced by U+FFFD, as a UTF-8 encoder would:
 * a message typed with a broken emoji is stored as the text it shows, never refused by the database
 * (a domain event's jsonb rejected it with a 500). Objects and arrays are rebuilt only when a string
 * in them changes.
 */
export function wellFormed<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD') as T;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => wellFormed(item, depth + 1));
    return (items.some((item, i) => item !== value[i]) ? items : value) as T;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const fixed = wellFormed(item, depth + 1);
    if (fixed !== item) changed = true;
    return [key, fixed] as const;
  });
  return (changed ? Object.fromEntries(entries) : value) as T;
}
