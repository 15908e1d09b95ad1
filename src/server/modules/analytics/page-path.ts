import { isEstablishmentRoute, matchWebRoute } from '../../../shared/web-routes';
import type { Db } from '../../db/client';
import { findLiveEstablishmentId } from './analytics.repo';

/**
 * The establishment whose public page a path is (`/{publicId}`, `/{publicId}/register` and its
 * privacy pages), by its public id or id; undefined for every other path. The app's own paths
 * (/app, /login, /home, /gdpr/...) are fixed routes that win over `/:establishmentId` (web-routes.ts),
 * and public ids never take their names (RESERVED_PATH_SEGMENTS). A deleted business has no page.
 */
export async function establishmentOfPath(db: Db, path: string): Promise<string | undefined> {
  const match = matchWebRoute(path);
  if (!match || !isEstablishmentRoute(match.route)) return undefined;
  return findLiveEstablishmentId(db, match.params.establishmentId ?? '');
}

/** The host of a referrer address, lower case; '' when it is none (a full address can carry someone's data). */
export function referrerHost(referrer: string | undefined): string {
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : '';
  } catch {
    return '';
  }
}
