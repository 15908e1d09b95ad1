import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const rsa = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
const KEY = rsa(2048);
const dir = mkdtempSync(path.join(tmpdir(), 'broadcast-dkim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The ConfigError's message for an environment (fails the test when none is thrown). */
function configError(env: Record<string, string>): string {
  try {
    loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('DKIM settings', () => {
  it('none set: emails are not signed', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dir }).dkim).toBeUndefined();
  });

  it('all set: the domain, selector and key nodemailer signs with', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      DATA_DIR: dir,
      DKIM_DOMAIN: 'News.Example.com',
      DKIM_SELECTOR: 'broadcast1',
      DKIM_PRIVATE_KEY: KEY,
    });
    expect(config.dkim).toEqual({
      domainName: 'news.example.com',
      keySelector: 'broadcast1',
      privateKey: KEY,
    });
  });

  it('reads the key from DKIM_PRIVATE_KEY_FILE, or from one line with \\n escapes', () => {
    const file = path.join(dir, 'dkim.pem');
    writeFileSync(file, KEY);
    const base = { JWT_SECRET: SECRET, DATA_DIR: dir, DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1' };
    expect(loadConfig({ ...base, DKIM_PRIVATE_KEY_FILE: file }).dkim?.privateKey).toBe(KEY);
    const oneLine = KEY.replace(/\n/g, '\\n');
    expect(loadConfig({ ...base, DKIM_PRIVATE_KEY: oneLine }).dkim?.privateKey).toBe(KEY);
  });

  it.each([
    [{ DKIM_DOMAIN: 'example.com' }, 'DKIM_SELECTOR: is not set'],
    [{ DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: KEY }, 'DKIM_DOMAIN: is not set'],
    [
      { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1' },
      'DKIM_PRIVATE_KEY: is not set (nor DKIM_PRIVATE_KEY_FILE)',
    ],
    [{ DKIM_PRIVATE_KEY_FILE: '/nowhere.pem' }, 'DKIM_DOMAIN: is not set'],
  ])('only some set (%o): a ConfigError naming the missing setting', (env, message) => {
    const error = configError(env as Record<string, string>);
    expect(error).toContain(`Invalid configuration:\n  ${message}`);
    expect(error).toContain(
      'DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE',
    );
  });

  const complete = { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1' };

  it('both key settings: a ConfigError', () => {
    expect(configError({ ...complete, DKIM_PRIVATE_KEY: KEY, DKIM_PRIVATE_KEY_FILE: '/x.pem' })).toContain(
      'DKIM_PRIVATE_KEY: set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both',
    );
  });

  it('a key that does not parse names its setting and never prints the key', () => {
    const garbage = '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----';
    const error = configError({ ...complete, DKIM_PRIVATE_KEY: garbage });
    expect(error).toContain('DKIM_PRIVATE_KEY: is not a PEM private key');
    expect(error).not.toContain('bm90IGEga2V5');
    const file = path.join(dir, 'bad.pem');
    writeFileSync(file, 'hello');
    expect(configError({ ...complete, DKIM_PRIVATE_KEY_FILE: file })).toContain(
      'DKIM_PRIVATE_KEY_FILE: is not a PEM private key',
    );
    expect(configError({ ...complete, DKIM_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toContain(
      'DKIM_PRIVATE_KEY_FILE: cannot read',
    );
  });

  it('refuses a key DKIM cannot use: not RSA, or under 1024 bits', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(configError({ ...complete, DKIM_PRIVATE_KEY: ec as string })).toContain(
      'DKIM_PRIVATE_KEY: is not an RSA key (ec): DKIM signing here takes an RSA key',
    );
    expect(configError({ ...complete, DKIM_PRIVATE_KEY: rsa(512) })).toContain(
      'DKIM_PRIVATE_KEY: is a 512-bit RSA key',
    );
  });

  it('refuses a domain or selector that is not a DNS name', () => {
    expect(configError({ ...complete, DKIM_DOMAIN: 'https://example.com', DKIM_PRIVATE_KEY: KEY })).toContain(
      'DKIM_DOMAIN: "https://example.com" is not a domain name',
    );
    expect(configError({ ...complete, DKIM_SELECTOR: 's1._domainkey', DKIM_PRIVATE_KEY: KEY })).toContain(
      'DKIM_SELECTOR: "s1._domainkey" is not a DNS label',
    );
  });
});
