import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseOriginRates, rateWindowOf } from './origin-rate';

describe('PUSH_ORIGIN_RATES', () => {
  it('reads origin=limit pairs, * for every other origin, 0 for none', () => {
    const limitOf = parseOriginRates(
      'https://fcm.googleapis.com=600000, https://web.push.apple.com/=0, *=1200',
    );
    expect(limitOf('https://fcm.googleapis.com')).toBe(600_000);
    expect(limitOf('https://web.push.apple.com')).toBe(0);
    expect(limitOf('https://updates.push.services.mozilla.com')).toBe(1200);
    expect(parseOriginRates('https://fcm.googleapis.com=10')('https://elsewhere.example')).toBe(0);
  });

  it('counts a limit per second when it allows one a second, else per minute', () => {
    expect(rateWindowOf(600_000)).toEqual({ seconds: 1, limit: 10_000 });
    expect(rateWindowOf(90)).toEqual({ seconds: 1, limit: 1 });
    expect(rateWindowOf(30)).toEqual({ seconds: 60, limit: 30 });
  });

  it('refuses what is not origin=number, naming the setting', () => {
    for (const bad of [
      'fcm=600000',
      'https://fcm.googleapis.com',
      'https://fcm.googleapis.com=lots',
      '*=-1',
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'test', PUSH_ORIGIN_RATES: bad })).toThrow(/PUSH_ORIGIN_RATES: "/);
    }
  });
});
