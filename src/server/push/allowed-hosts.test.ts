import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_ALLOWED_HOSTS,
  endpointProblem,
  isInternalAddress,
  parseAllowedHosts,
} from './allowed-hosts';

describe('PUSH_ALLOWED_HOSTS', () => {
  const defaults = parseAllowedHosts(DEFAULT_PUSH_ALLOWED_HOSTS);

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('allows the browsers’ push services: %s', (endpoint) => {
    expect(endpointProblem(endpoint, defaults)).toBeUndefined();
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://user:pw@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://notify.windows.com/x',
    'https://localhost./x',
    'https://127.0.0.1/x',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(endpointProblem(endpoint, defaults)).toEqual(expect.any(String));
  });

  it('matches a port when one is given, any port otherwise', () => {
    const allowed = parseAllowedHosts('127.0.0.1:3990, push.example');
    expect(endpointProblem('https://127.0.0.1:3990/p', allowed)).toBeUndefined();
    expect(endpointProblem('https://127.0.0.1:3991/p', allowed)).toEqual(expect.any(String));
    expect(endpointProblem('https://push.example:8443/p', allowed)).toBeUndefined();
    expect(allowed[0]).toMatchObject({ host: '127.0.0.1', port: '3990', literalIp: true });
  });

  it('says what is wrong with a pattern', () => {
    expect(() => parseAllowedHosts('push.example:port')).toThrow(/push.example:port/);
  });
});

describe('internal addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('%s is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each(['142.250.185.74', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});
