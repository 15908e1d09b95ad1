import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const dir = mkdtempSync(path.join(tmpdir(), 'broadcast-complaints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string> = {}) =>
  loadConfig({ JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789', DATA_DIR: dir, ...env });

describe('complaint settings', () => {
  it('default to no endpoint, and a pause past 0.3 % with 3 complaints', () => {
    expect(load().complaints).toEqual({
      secret: undefined,
      mailgunSigningKey: undefined,
      pauseShare: 0.003,
      pauseMinimum: 3,
    });
    expect(
      load({
        COMPLAINTS_SECRET: 'x'.repeat(16),
        EMAIL_COMPLAINT_PAUSE_PERCENT: '0.5',
        EMAIL_COMPLAINT_PAUSE_MIN: '1',
      }).complaints,
    ).toMatchObject({ secret: 'x'.repeat(16), pauseShare: 0.005, pauseMinimum: 1 });
  });

  it('name a secret too short to guess at, and a share out of range', () => {
    let error: unknown;
    try {
      load({ COMPLAINTS_SECRET: 'short', EMAIL_COMPLAINT_PAUSE_PERCENT: '0' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/COMPLAINTS_SECRET: .*at least 16 characters/);
    expect(message).toMatch(/EMAIL_COMPLAINT_PAUSE_PERCENT: /);
    expect(message).not.toContain('short');
  });
});
