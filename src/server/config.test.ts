import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

/** loadConfig() on an explicit environment; the test process's own environment is never read. */
const load = (env: Record<string, string | undefined>) => loadConfig(env);

/** The ConfigError thrown for an environment (fails the test when none is thrown). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'broadcast-config-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('loadConfig defaults', () => {
  // JWT_SECRET is given so that no secret file is written under ./data of the working directory.
  it('works on a laptop with nothing set', () => {
    const config = load({ JWT_SECRET: SECRET });
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    // Unset DATABASE_URL means the embedded PGlite under DATA_DIR.
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.androidAppUrl).toBe('http://localhost:3000/install');
    expect(config.workers).toBe(true);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
    expect(config.tokenTtlSeconds).toBe(30 * 24 * 3600);
    expect(new TextDecoder().decode(config.jwtSecret)).toBe(SECRET);
  });

  it('resolves a relative DATA_DIR against the working directory', () => {
    expect(load({ JWT_SECRET: SECRET, DATA_DIR: 'var/broadcast' }).dataDir).toBe(
      path.resolve('var/broadcast'),
    );
  });

  it('derives the public URL from PORT, and strips a trailing slash from PUBLIC_URL', () => {
    expect(load({ JWT_SECRET: SECRET, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(load({ JWT_SECRET: SECRET, PUBLIC_URL: 'https://news.example.com/' }).publicUrl).toBe(
      'https://news.example.com',
    );
  });

  it('keeps DATABASE_URL when set', () => {
    const url = 'postgres://broadcast:pw@db.example.com:5432/broadcast';
    expect(load({ JWT_SECRET: SECRET, DATABASE_URL: url }).databaseUrl).toBe(url);
  });
});

describe('WORKERS', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['off', false],
    ['true', true],
    ['1', true],
    ['yes', true],
    ['on', true],
  ])('WORKERS=%s -> %s', (value, workers) => {
    expect(load({ JWT_SECRET: SECRET, WORKERS: value }).workers).toBe(workers);
  });

  it('rejects a value that is not a boolean, naming WORKERS', () => {
    expect(configError({ JWT_SECRET: SECRET, WORKERS: 'maybe' }).message).toContain('WORKERS');
  });
});

describe('WORKER_METRICS_PORT', () => {
  const token = 'metrics-token-0123456789';
  it('is unset by default, and kept with METRICS_TOKEN', () => {
    expect(load({ JWT_SECRET: SECRET }).workerMetricsPort).toBeUndefined();
    expect(
      load({ JWT_SECRET: SECRET, METRICS_TOKEN: token, WORKER_METRICS_PORT: '9464' }).workerMetricsPort,
    ).toBe(9464);
  });

  it('is refused without METRICS_TOKEN (its /metrics would be open), naming both', () => {
    const error = configError({ JWT_SECRET: SECRET, WORKER_METRICS_PORT: '9464' });
    expect(error.problems).toEqual([
      { setting: 'WORKER_METRICS_PORT', message: expect.stringContaining('needs METRICS_TOKEN') },
    ]);
  });

  it('is refused when not a port', () => {
    const error = configError({ JWT_SECRET: SECRET, METRICS_TOKEN: token, WORKER_METRICS_PORT: '70000' });
    expect(error.problems.map((problem) => problem.setting)).toEqual(['WORKER_METRICS_PORT']);
  });
});

describe('invalid values', () => {
  it.each(['abc', '70000', '-1', '3.5'])('PORT=%s gives a ConfigError naming PORT', (port) => {
    const error = configError({ JWT_SECRET: SECRET, PORT: port });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain('PORT');
  });

  it('names every invalid variable at once, each with what it expects, without a stack trace', () => {
    const error = configError({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: 'abc',
      PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
      SMTP_URL: 'smtp//mailer:s3cret@mail.example.com',
      DATABASE_URL: 'mysql://broadcast:s3cret@db.example.com/broadcast',
      VAPID_PUBLIC_KEY: 'not-a-key',
      TRUST_PROXY: '*',
    });
    expect(error.problems.map((problem) => problem.setting).sort()).toEqual([
      ...['DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY'],
      ...['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_SUBJECT'],
    ]);
    // One line each, `  SETTING: what is expected` (SMTP_URL: "is not a URL: expected smtp://...").
    for (const line of error.message.split('\n').slice(1)) expect(line).toMatch(/^ {2}[A-Z_]+: \S/);
    expect(error.message).not.toMatch(/\n\s+at /);
    expect(error.message).not.toContain('s3cret');
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false); // nothing written when refused
  });

  it('rejects a JWT_SECRET shorter than 32 characters', () => {
    expect(configError({ JWT_SECRET: 'short' }).message).toContain('JWT_SECRET');
  });
});

describe('VAPID_SUBJECT', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: SECRET };

  it('refuses in production a subject Apple refuses, naming the setting that fixes it', () => {
    for (const subject of [
      'mailto:support@localhost',
      'mailto:ops@server.local',
      'mailto:nobody',
      'https://localhost/contact',
      'https://192.168.1.10/',
      'http://bar.sk/contact',
      'bar.sk',
    ]) {
      const error = configError({ ...production, DATA_DIR: dataDir, VAPID_SUBJECT: subject });
      expect(error.message, subject).toContain('VAPID_SUBJECT');
      expect(error.message, subject).toContain('BadJwtToken');
    }
    // Unset, it is SUPPORT_EMAIL's address, whose default is local.
    expect(configError({ ...production, DATA_DIR: dataDir }).message).toContain('mailto:support@localhost');
  });

  it('accepts in production a reachable mailto: or https: contact, and anything outside production', () => {
    for (const subject of [
      'mailto:owner@bar.sk',
      'https://bar.sk/contact',
      'mailto:Push Team <push@café.sk>',
    ]) {
      expect(load({ ...production, DATA_DIR: dataDir, VAPID_SUBJECT: subject }).vapid.subject).toBe(subject);
    }
    expect(load({ ...production, DATA_DIR: dataDir, SUPPORT_EMAIL: 'help@bar.sk' }).supportEmail).toBe(
      'help@bar.sk',
    );
    expect(load({ NODE_ENV: 'test', DATA_DIR: dataDir }).supportEmail).toBe('support@localhost');
  });
});

describe('JWT_SECRET', () => {
  it('is required in production, with a message that says how to set it', () => {
    const error = configError({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(error.message).toContain('JWT_SECRET');
    expect(error.message).toContain('production');
    // Nothing is generated in production.
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('is taken from the environment in production', () => {
    const config = load({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      DATA_DIR: dataDir,
      SUPPORT_EMAIL: 'help@bar.sk',
    });
    expect(new TextDecoder().decode(config.jwtSecret)).toBe(SECRET);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it.each(['development', 'test'])(
    'outside production (%s) is generated into DATA_DIR/jwt-secret and reused on the next load',
    (nodeEnv) => {
      const dir = path.join(dataDir, 'not', 'yet', 'created');
      const first = load({ NODE_ENV: nodeEnv, DATA_DIR: dir });
      const file = path.join(dir, 'jwt-secret');
      expect(existsSync(file)).toBe(true);
      const stored = readFileSync(file, 'utf8');
      expect(stored.length).toBeGreaterThanOrEqual(32);
      expect(new TextDecoder().decode(first.jwtSecret)).toBe(stored);
      // Only the owner can read it.
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);

      const second = load({ NODE_ENV: nodeEnv, DATA_DIR: dir });
      expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(stored);
    },
  );

  it('generates a different secret for a different DATA_DIR', () => {
    const one = load({ DATA_DIR: path.join(dataDir, 'one') });
    const two = load({ DATA_DIR: path.join(dataDir, 'two') });
    expect(Buffer.from(one.jwtSecret).equals(Buffer.from(two.jwtSecret))).toBe(false);
  });
});

describe('ANDROID_APP_URL', () => {
  it("defaults to the web app's install page under PUBLIC_URL", () => {
    expect(load({ JWT_SECRET: SECRET, PUBLIC_URL: 'https://news.example.com/' }).androidAppUrl).toBe(
      'https://news.example.com/install',
    );
  });

  it('defaults to the install page when set but empty', () => {
    expect(
      load({ JWT_SECRET: SECRET, PUBLIC_URL: 'https://news.example.com', ANDROID_APP_URL: '' }).androidAppUrl,
    ).toBe('https://news.example.com/install');
  });

  it('is taken as given when set', () => {
    const store = 'https://play.google.com/store/apps/details?id=com.example.broadcast';
    expect(load({ JWT_SECRET: SECRET, ANDROID_APP_URL: store }).androidAppUrl).toBe(store);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => load({ JWT_SECRET: SECRET, TRUST_PROXY: value }).trustProxy;

  it('is off by default and for false, 0 and empty', () => {
    expect(load({ JWT_SECRET: SECRET }).trustProxy).toBe(false);
    for (const value of ['false', 'no', 'off', '0', '']) expect(trust(value)).toBe(false);
  });

  it('takes a hop count; true means one hop (the older setting, without trusting what clients write)', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('true')).toBe(1);
    expect(trust('yes')).toBe(1);
  });

  it("takes the proxies' addresses and CIDRs, comma-separated", () => {
    expect(trust('10.0.0.0/8, 192.168.1.10,fd00::/8, ::1, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses trusting every hop, and anything else it cannot read, with a clear message', () => {
    for (const value of ['*', '0.0.0.0/0', '10.0.0.1,*', '::/0']) {
      const error = configError({ JWT_SECRET: SECRET, TRUST_PROXY: value });
      expect(error.message).toContain('TRUST_PROXY');
      expect(error.message).toContain('would trust any X-Forwarded-For');
    }
    for (const value of ['proxy.example.com', '10.0.0.1/33', '300.1.1.1', '11', '10.0.0.0/8/1']) {
      expect(configError({ JWT_SECRET: SECRET, TRUST_PROXY: value }).message).toContain('TRUST_PROXY');
    }
  });

  it('gives Fastify a function for hop counts, as Fastify reads a bare number as "trust no one"', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const oneHop = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    // Hop 0 is our peer (the proxy); hop 1, the address it forwarded, is the client.
    expect([0, 1, 2].map((hop) => oneHop('203.0.113.1', hop))).toEqual([true, false, false]);
  });
});

describe('rate limits and picture processing', () => {
  it('has defaults', () => {
    const config = load({ JWT_SECRET: SECRET });
    expect(config.uploadRateLimitPerMinute).toBe(30);
    expect(config.publicRateLimitPerMinute).toBe(120);
    expect(config.imageConcurrency).toBeGreaterThanOrEqual(1);
  });

  it('leaves two threads of the pool to sign-in and file reads', () => {
    expect(load({ JWT_SECRET: SECRET, UV_THREADPOOL_SIZE: '3' }).imageConcurrency).toBe(1);
    expect(load({ JWT_SECRET: SECRET, IMAGE_CONCURRENCY: '3' }).imageConcurrency).toBe(3);
  });

  it('refuses nonsense', () => {
    expect(configError({ JWT_SECRET: SECRET, RATE_LIMIT_UPLOADS_PER_MINUTE: '0' }).message).toContain(
      'RATE_LIMIT_UPLOADS_PER_MINUTE',
    );
    expect(configError({ JWT_SECRET: SECRET, IMAGE_CONCURRENCY: 'many' }).message).toContain(
      'IMAGE_CONCURRENCY',
    );
  });
});
