// The device's time zone and the list of zones to choose from. Shared by the web app and the light
// public page (a one-tap follow records the zone), so it imports nothing: no zod in that bundle.

/**
 * The header the device's zone travels in: TIME_ZONE_HEADER of the shared time-zone schema, written
 * out here so the light page's bundle does not take that schema's zod along (time-zones.test.ts
 * checks that they agree).
 */
export const DEVICE_TIME_ZONE_HEADER = 'x-time-zone';

/** The IANA zone this browser runs in ("Europe/Bratislava"); null where the browser does not say. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The device's zone as a request header (X-Time-Zone), or none when the browser does not say. */
export function deviceTimeZoneHeaders(): Record<string, string> {
  const zone = deviceTimeZone();
  return zone ? { [DEVICE_TIME_ZONE_HEADER]: zone } : {};
}

/** Every IANA zone this browser knows, with UTC, and `current` even if this browser does not list it. */
export function zoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC', current])].sort();
}

/** A zone's name as people read it: "America/New_York" -> "America/New York". */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');
