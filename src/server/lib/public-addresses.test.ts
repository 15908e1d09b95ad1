import { describe, expect, it } from 'vitest';
import { isInternalAddress } from './public-addresses';

/** The address as a URL's host gives it (`[::127.0.0.1]` becomes `::7f00:1`), brackets off. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

describe('isInternalAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, unique-local and multicast addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      'not an address',
    ])
      expect(isInternalAddress(address), address).toBe(true);
  });

  it('refuses the IPv6 forms that carry an IPv4 address, as a URL host writes them', () => {
    for (const url of [
      'https://[::127.0.0.1]/',
      'https://[::10.0.0.1]/',
      'https://[64:ff9b::127.0.0.1]/',
      'https://[64:ff9b::8.8.8.8]/',
      'https://[64:ff9b:1::a00:1]/',
      'https://[2002:7f00:1::]/',
      'https://[2002:808:808::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://[::ffff:0:127.0.0.1]/',
    ])
      expect(isInternalAddress(hostOf(url)), url).toBe(true);
    expect(isInternalAddress('::ffff:127.0.0.1')).toBe(true);
  });

  it('lets public addresses through, IPv4-mapped ones checked as the IPv4 address they are', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700::1111',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
    ])
      expect(isInternalAddress(address), address).toBe(false);
    expect(isInternalAddress(hostOf('https://[::ffff:8.8.8.8]/'))).toBe(false);
  });
});
