import { isIP } from 'node:net';

/**
 * Which push endpoints we POST to. A subscription's endpoint is a URL a browser (or anyone with an
 * account) hands us, so the workers must never become a way to reach hosts of our own network.
 */

/**
 * The push services of the browsers: Chrome, Edge (Chromium), Opera, Samsung Internet and Brave
 * use FCM; Firefox uses Mozilla's autopush; Safari on macOS and iOS uses Apple's; legacy Edge
 * uses Windows' WNS.
 */
export const DEFAULT_PUSH_ALLOWED_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
].join(',');

export interface HostPattern {
  /** Lower case; `*.` matches any number of labels before the rest. */
  host: string;
  /** Undefined: any port. */
  port?: string;
  /** A literal IP address: the only way an address of a private range is reached (tests, a private push service). */
  literalIp: boolean;
}

/** Parse `PUSH_ALLOWED_HOSTS`: comma-separated `host` or `host:port`, `*.` wildcards, IPv6 in brackets. */
export function parseAllowedHosts(text: string): HostPattern[] {
  return text
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
    .map((item) => {
      const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(item);
      if (!match) throw new Error(`not a host or host:port: ${item}`);
      const host = match[1]!;
      return { host, port: match[2], literalIp: isIP(host.replace(/^\[|\]$/g, '')) !== 0 };
    });
}

function hostMatches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return pattern === host;
}

/** Why this endpoint may not be used, or undefined when it may. */
export function endpointProblem(endpoint: string, allowed: HostPattern[]): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (url.protocol !== 'https:') return 'endpoint must be an https URL';
  if (url.username || url.password) return 'endpoint must not carry a user name or password';
  // URL keeps a trailing dot ("localhost.") that names the same host: never let it slip past a pattern.
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  const ok = allowed.some((p) => hostMatches(p.host, host) && (p.port === undefined || p.port === port));
  return ok ? undefined : 'endpoint must be on a push service this server allows (PUSH_ALLOWED_HOSTS)';
}

// The resolved-address check is shared with webhooks (lib/public-addresses.ts).
export { InternalAddressError, isInternalAddress, publicOnlyLookup } from '../lib/public-addresses';
