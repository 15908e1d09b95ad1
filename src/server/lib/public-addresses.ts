import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server may call on someone's say-so (push endpoints, webhooks): a URL a browser or an
 * operator hands us must never become a way to reach hosts of our own network.
 */

/**
 * Loopback, private, link-local, CGNAT, unique-local, unspecified and multicast ranges, and the IPv6
 * ranges that carry an IPv4 address inside (`[::127.0.0.1]`, `[64:ff9b::10.0.0.1]`,
 * `[2002:7f00:1::]` reach that IPv4 host through a translator or relay): no public service is
 * addressed that way, so all of them are refused, whatever IPv4 address they hold.
 * IPv4-mapped addresses (`::ffff:0:0/96`) are checked as the IPv4 address they are (BlockList does).
 */
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
  // IPv4-compatible (deprecated; includes :: and ::1).
  ['::', 96],
  // SIIT's IPv4-translated addresses.
  ['::ffff:0:0:0', 96],
  // NAT64: the well-known prefix and the local-use one.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // 6to4: the IPv4 address in bits 16-48.
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net, prefix, 'ipv6');

/** True for an address no public service has (IPv4-mapped IPv6 is checked as IPv4). */
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
 * A `lookup` for sockets to addresses others gave us (push services, webhook receivers): the name is resolved as usual, and the connection is
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
