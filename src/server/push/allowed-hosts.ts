import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

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

/** Loopback, private, link-local, CGNAT, unique-local, unspecified and multicast ranges. */
const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net, prefix, 'ipv6');

/** True for an address no public push service has (IPv4-mapped IPv6 is checked as IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class InternalAddressError extends Error {
  readonly code = 'EPUSHINTERNAL';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets to push services: the name is resolved as usual, and the connection is
 * refused when any address it resolves to is internal. Checking the resolved address at connect
 * time (not the name when subscribing) also stops names that point inside later (DNS rebinding).
 * Literal IP hosts never reach a lookup: they are only reachable when listed literally.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const bad = addresses.find((a) => isInternalAddress(a.address));
    if (bad) {
      return callback(
        new InternalAddressError(`${hostname} resolves to an internal address (${bad.address})`),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
