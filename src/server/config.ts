import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_PUSH_ALLOWED_HOSTS, type HostPattern, parseAllowedHosts } from './push/allowed-hosts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Broadcast <no-reply@localhost>'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  ANDROID_APP_URL: z.string().optional(),
  WORKERS: bool.default(true),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** A PEM file of extra certificate authorities to trust for push services (tests, private push services). */
  PUSH_CA_FILE: z.string().optional(),
  /** Members per delivery batch job (each with all their devices): what a crash may send twice per batch in flight. */
  PUSH_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Threads encrypting push messages per process (0: in the event loop). Default: one per core. */
  PUSH_CRYPTO_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Push requests in flight per process. */
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(5000).default(256),
  /** Push endpoints we POST to: comma-separated host or host:port patterns, `*.` wildcards. */
  PUSH_ALLOWED_HOSTS: z.string().default(DEFAULT_PUSH_ALLOWED_HOSTS),
  /** How long a push service that refuses our VAPID credentials is left alone before we try it again. */
  PUSH_ORIGIN_PAUSE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Exposes GET /metrics (Prometheus) to requests with `Authorization: Bearer <this>`; unset: no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** A fan-out or email job not finished in this time is deemed crashed and taken over. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A delivery batch job not finished in this time is taken over by another worker (crash recovery). */
  DELIVERY_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** How often the job queue looks for jobs of crashed workers. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A subscription not seen (no sign-in on that device, no receipt) for this long expires. */
  PUSH_SUBSCRIPTION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
});

export type Env = z.input<typeof EnvSchema>;

/** Typed, validated configuration; the one place the environment is read. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The built web app (`vite build` output). */
  webDistDir: string;
  /** Unset: the embedded PGlite under dataDir. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  supportEmail: string;
  androidAppUrl: string;
  workers: boolean;
  admin: { email?: string; password?: string };
  logLevel: string;
  trustProxy: boolean;
  loginRateLimitPerMinute: number;
  push: {
    caFile: string | undefined;
    concurrency: number;
    batchSize: number;
    cryptoThreads: number | undefined;
    deliveryJobTimeoutSeconds: number;
    subscriptionIdleDays: number;
    allowedHosts: HostPattern[];
    originPauseSeconds: number;
  };
  jobTimeoutSeconds: number;
  jobSuperviseSeconds: number;
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/** Where `vite build` puts the web app. */
export const defaultWebDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** Read a JWT secret from DATA_DIR, creating it once, so tokens survive restarts on a laptop. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Build the configuration from an environment (process.env by default). Throws ConfigError with a clear message. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (PORT=) means unset, as in most tools, not zero.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError(
      'JWT_SECRET is required in production: set it to a random string of at least 32 characters ' +
        '(for example: openssl rand -base64 48).',
    );
  }
  let allowedHosts: HostPattern[];
  try {
    allowedHosts = parseAllowedHosts(env.PUSH_ALLOWED_HOSTS);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PUSH_ALLOWED_HOSTS: ${(error as Error).message}`);
  }
  const secret = env.JWT_SECRET ?? localJwtSecret(dataDir);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDistDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    jwtSecret: new TextEncoder().encode(secret),
    tokenTtlSeconds: Math.round(env.TOKEN_TTL_HOURS * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    supportEmail: env.SUPPORT_EMAIL,
    // The installable web app is the Android app unless a store listing is configured.
    androidAppUrl: env.ANDROID_APP_URL || publicUrl,
    workers: env.WORKERS,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    loginRateLimitPerMinute: env.RATE_LIMIT_LOGIN_PER_MINUTE,
    push: {
      caFile: env.PUSH_CA_FILE,
      concurrency: env.PUSH_CONCURRENCY,
      batchSize: env.PUSH_BATCH_SIZE,
      cryptoThreads: env.PUSH_CRYPTO_THREADS,
      deliveryJobTimeoutSeconds: env.DELIVERY_JOB_TIMEOUT_SECONDS,
      subscriptionIdleDays: env.PUSH_SUBSCRIPTION_IDLE_DAYS,
      allowedHosts,
      originPauseSeconds: env.PUSH_ORIGIN_PAUSE_SECONDS,
    },
    jobTimeoutSeconds: env.JOB_TIMEOUT_SECONDS,
    metricsToken: env.METRICS_TOKEN,
    jobSuperviseSeconds: env.JOB_SUPERVISE_SECONDS,
  };
}
