import type { FastifyRequest } from 'fastify';
import { ianaTimeZone } from '../../shared/schemas/quiet-hours.schema';
import { TIME_ZONE_HEADER } from '../../shared/schemas/time-zone.schema';

/**
 * The zone the caller's device reports in the X-Time-Zone header, when it is one Intl knows; null
 * otherwise. A hint, not a field: a missing or unknown one changes nothing and fails nothing.
 */
export function deviceTimeZoneOf(request: FastifyRequest): string | null {
  const header = request.headers[TIME_ZONE_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value ? ianaTimeZone(value.trim()) : null;
}
