import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = mkdtempSync(path.join(tmpdir(), 'broadcast-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string> = {}) =>
  loadConfig({ JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789', DATA_DIR: dir, ...env });

describe('usage limit settings', () => {
  it('has defaults: 20 failed key attempts per address per 10 minutes, 20 weekly sends, 3 phone updates an hour', () => {
    expect(load().usageLimits).toEqual({
      apiKeyFailures: { max: 20, windowMs: 600_000 },
      weeklySendsPerBusiness: 20,
      phoneUpdatesPerPostPerHour: 3,
    });
  });

  it('reads each setting; an empty one means the default', () => {
    const limits = load({
      RATE_LIMIT_API_KEY_FAILURES_PER_IP: '5',
      RATE_LIMIT_API_KEY_FAILURES_WINDOW_MINUTES: '60',
      WEEKLY_SENDS_PER_BUSINESS: '',
      RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR: '1',
    }).usageLimits;
    expect(limits).toEqual({
      apiKeyFailures: { max: 5, windowMs: 3_600_000 },
      weeklySendsPerBusiness: 20,
      phoneUpdatesPerPostPerHour: 1,
    });
  });

  it('names every wrong setting at once, without a stack trace', () => {
    let caught: unknown;
    try {
      load({ WEEKLY_SENDS_PER_BUSINESS: '0', RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR: 'many' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toMatch(/ {2}WEEKLY_SENDS_PER_BUSINESS: .+/);
    expect(message).toMatch(/ {2}RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR: .+/);
    expect(message).not.toMatch(/\n\s+at /);
  });
});
