import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { generateVapidKeys } from '../push/vapid';

const dir = mkdtempSync(path.join(tmpdir(), 'broadcast-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string> = {}) =>
  loadConfig({ JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789', DATA_DIR: dir, ...env });

/** The lines of the ConfigError an environment gets (fails the test when it gets none). */
function problems(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message.split('\n').slice(1);
  }
  throw new Error('expected a ConfigError');
}

describe('settings checked at start', () => {
  it('DATABASE_URL: PostgreSQL or memory://; anything else is named (it used to open the embedded database)', () => {
    for (const url of [
      'postgres://u:p@db:5432/b',
      'postgresql://db/b',
      'postgres:///b?host=/run',
      'memory://',
    ]) {
      expect(load({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    for (const url of ['mysql://u:s3cret@db/b', 'postgress://u:s3cret@db/b', 'db.example.com:5432']) {
      const [line, ...more] = problems({ DATABASE_URL: url });
      expect(line).toMatch(/^ {2}DATABASE_URL: .*expected postgres:\/\/user:password@host:5432\/database/);
      expect(line).not.toContain('s3cret');
      expect(more).toEqual([]);
    }
  });

  it('SMTP_URL: an smtp: or smtps: URL with a host, never printed (it holds a password)', () => {
    expect(load({ SMTP_URL: 'smtps://me:pw@smtp.example.com:465' }).smtpUrl).toBe(
      'smtps://me:pw@smtp.example.com:465',
    );
    for (const url of ['smtp.example.com', 'http://me:s3cret@smtp.example.com', 'smtp://']) {
      const [line] = problems({ SMTP_URL: url });
      expect(line).toMatch(/^ {2}SMTP_URL: .*expected smtp:\/\/user:password@host:587/);
      expect(line).not.toContain('s3cret');
    }
  });

  it('VAPID keys: both or neither, each of its shape, before anything is opened', () => {
    const keys = generateVapidKeys();
    const pair = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(load(pair).vapid.publicKey).toBe(keys.publicKey);
    expect(problems({ VAPID_PUBLIC_KEY: keys.publicKey })).toEqual([
      expect.stringMatching(/^ {2}VAPID_PRIVATE_KEY: is not set: set both/),
    ]);
    expect(problems({ ...pair, VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: 'x' })).toEqual([
      expect.stringMatching(/^ {2}VAPID_PUBLIC_KEY: expected a base64url uncompressed P-256 public key/),
      expect.stringMatching(/^ {2}VAPID_PRIVATE_KEY: expected a base64url P-256 private key/),
    ]);
  });

  it('numbers and choices say what is expected and what was given', () => {
    expect(problems({ PORT: '70000', WORKERS: 'maybe', PUSH_BATCH_SIZE: '2.5' })).toEqual([
      '  PORT: expected at most 65535 (got "70000")',
      '  WORKERS: expected one of 0, 1, true, false, yes, no, on, off (got "maybe")',
      '  PUSH_BATCH_SIZE: expected a whole number (got "2.5")',
    ]);
  });
});
