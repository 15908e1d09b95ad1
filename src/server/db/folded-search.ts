import { and, type SQL, sql } from 'drizzle-orm';

/** `%`, `_` and `\` typed in a search are literal characters, not patterns. */
const likeLiteral = (term: string) => term.replace(/[%_\\]/g, '\\$&');

/**
 * Every word of the search (at most 8) appears somewhere in `folded`, a text already passed through
 * `search_fold()` (lower case, no accents; migration 0006), so "kosice" finds "Košice". Undefined
 * for an empty search.
 */
export function foldedSearch(folded: unknown, search: string | undefined): SQL | undefined {
  const terms = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`${folded} LIKE '%' || search_fold(${likeLiteral(term)}) || '%'`));
}
