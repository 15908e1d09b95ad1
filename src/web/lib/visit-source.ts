import {
  UTM_SOURCE_PARAM,
  VISIT_SOURCE_PARAM,
  VISIT_SOURCES,
  type VisitSource,
} from '../../shared/schemas/report-sources';
import { isEstablishmentRoute, matchWebRoute } from '../../shared/web-routes';

const KEY_PREFIX = 'visitSource:';

/** The business a public page path belongs to (its public id or id, lower case), if it is one. */
export function establishmentOfPath(pathname: string): string | undefined {
  const match = matchWebRoute(pathname);
  if (!match || !isEstablishmentRoute(match.route)) return undefined;
  return match.params.establishmentId?.toLowerCase();
}

const isVisitSource = (value: string | null): value is VisitSource =>
  (VISIT_SOURCES as readonly string[]).includes(value ?? '');

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the visit simply counts as direct.
    return undefined;
  }
}

/**
 * The source of a visit to a public page: its ?src=, else its ?utm_source= (the first of them that is
 * one of VISIT_SOURCES; any other value says nothing), remembered for this tab's session so the
 * follow or registration that follows carries it; else what was remembered for that business.
 * Undefined for other pages and for direct visits.
 */
export function visitSourceOf(pathname: string, search: string): VisitSource | undefined {
  const establishment = establishmentOfPath(pathname);
  if (!establishment) return undefined;
  const query = new URLSearchParams(search);
  const param = [query.get(VISIT_SOURCE_PARAM), query.get(UTM_SOURCE_PARAM)].find(isVisitSource);
  if (param) {
    try {
      storage()?.setItem(KEY_PREFIX + establishment, param);
    } catch {
      // A full storage: this visit still carries its source.
    }
    return param;
  }
  return rememberedVisitSource(establishment);
}

/** Where this tab's visit to a business (by any of its ids) came from, when its page said so. */
export function rememberedVisitSource(...ids: string[]): VisitSource | undefined {
  for (const id of ids) {
    const value = storage()?.getItem(KEY_PREFIX + id.toLowerCase()) ?? null;
    if (isVisitSource(value)) return value;
  }
  return undefined;
}
