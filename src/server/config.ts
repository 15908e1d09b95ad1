import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DkimSettingError, type DkimSettings, parseDkimSettings } from './mail/dkim-settings';
import { DEFAULT_PUSH_ALLOWED_HOSTS, type HostPattern, parseAllowedHosts } from './push/allowed-hosts';
import { DEFAULT_PUSH_ORIGIN_RATES, parseOriginRates } from './push/origin-rate';
import { vapidSubjectProblem } from './push/vapid-subject';
import { parseUsageLimits, type UsageLimits } from './usage-limits-settings';

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
  /** Emails handed to the SMTP server per second at most, for the provider's limits (all emails). */
  EMAIL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(100),
  /** SMTP connections kept open at once. */
  EMAIL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /**
   * The first wait, in seconds, before a mail server that is down or answered 4xx is tried again;
   * it doubles with each failed try, up to 10 minutes.
   */
  EMAIL_RETRY_MIN_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** DKIM: every email is signed for this domain with this selector's key (mail/dkim-settings.ts). */
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  /** The RSA private key as PEM (`\n` escapes allowed), or DKIM_PRIVATE_KEY_FILE: a file holding it. */
  DKIM_PRIVATE_KEY: z.string().optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().optional(),
  /** The DNS servers the admin page "Email health" asks (ip or ip:port, comma-separated); unset: the system's. */
  EMAIL_HEALTH_DNS_SERVERS: z.string().default(''),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  ANDROID_APP_URL: z.string().optional(),
  WORKERS: bool.default(true),
  /** A business's public and register pages as light server-rendered HTML; off: the web app's pages. */
  PUBLIC_PAGE_LIGHT: bool.default(true),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One log line per request (all), only for server errors and slow requests (errors), or none (off). */
  LOG_REQUESTS: z.enum(['all', 'errors', 'off']).default('errors'),
  /** Proxies in front of us: a hop count or their addresses/CIDRs (parseTrustProxy). */
  TRUST_PROXY: z.string().default('false'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Picture uploads per signed-in user per minute, all upload routes together: a whole gallery (30) fits. */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Requests per IP per minute to each public page route (profile API, page HTML, QR codes). */
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Comments written or edited per signed-in user per minute. */
  RATE_LIMIT_COMMENTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * Follows with one tap (guest followers) per IP per hour: a bar's customers share its Wi-Fi, so
   * a table's worth fits many times over.
   */
  RATE_LIMIT_GUEST_FOLLOWS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** Guest followers a business may gain per hour, from every address together. */
  RATE_LIMIT_GUEST_FOLLOWS_PER_BUSINESS_PER_HOUR: z.coerce.number().int().positive().default(600),
  /** Requests per API key per minute, every route a key may call counted together. */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** New comments on a post are told its operators at most once per this many seconds (one push per window). */
  COMMENT_NOTICE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Pictures (uploads, QR codes) processed at once in this process. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Node's worker thread pool (fs, argon2, sharp); read here only to keep pictures from filling it. */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).optional(),
  /** A PEM file of extra certificate authorities to trust for push services (tests, private push services). */
  PUSH_CA_FILE: z.string().optional(),
  /** A PEM file of extra certificate authorities to trust for webhook receivers (tests, private receivers). */
  WEBHOOK_CA_FILE: z.string().optional(),
  /**
   * Hosts of private addresses webhooks may still call (comma-separated names or literal IPs): tests
   * and a receiver on one's own network. Every other webhook address must resolve to a public one.
   */
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z.string().default(''),
  /** The first retry of a failed webhook call waits this long; later ones longer (up to 6 hours). */
  WEBHOOK_FIRST_RETRY_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  /** A webhook call still failing this long after its event is given up, and its webhook turned off. */
  WEBHOOK_RETRY_HOURS: z.coerce.number().min(0.001).max(168).default(24),
  /** How long a webhook receiver has to answer. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  /** Webhooks called at once by this process (each one's calls go one after the other, in order). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** Members per delivery batch job (each with all their devices): what a crash may send twice per batch in flight. */
  PUSH_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Fair share between sends: every send's k-th batch before any send's (k+1)-th; off: first come, first served. */
  DELIVERY_FAIR_SHARE: bool.default(true),
  /** Members per fan-out range: a larger audience is walked as ranges by any worker in parallel. */
  FANOUT_RANGE_SIZE: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  /** Threads encrypting push messages per process (0: in the event loop). Default: one per core. */
  PUSH_CRYPTO_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Push requests in flight per process. */
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(5000).default(256),
  /** Push endpoints we POST to: comma-separated host or host:port patterns, `*.` wildcards. */
  PUSH_ALLOWED_HOSTS: z.string().default(DEFAULT_PUSH_ALLOWED_HOSTS),
  /** Messages a minute per push service, shared by every process and send (`origin=n,*=n`; 0: none). */
  PUSH_ORIGIN_RATES: z.string().default(DEFAULT_PUSH_ORIGIN_RATES),
  /** A device whose push service accepted our pushes while it confirmed none for this long is skipped. */
  PUSH_STALE_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  /** A device whose deliveries failed in this many sends in a row (without 404/410) is skipped. */
  PUSH_FAILED_SENDS_TO_SKIP: z.coerce.number().int().min(1).max(100).default(3),
  /** Requests per delivery before a transient failure (429, 5xx, timeout) ends it as failed. */
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** How long a push service that refuses our VAPID credentials is left alone before we try it again. */
  PUSH_ORIGIN_PAUSE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Exposes GET /metrics (Prometheus) to requests with `Authorization: Bearer <this>`; unset: no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * Slow clients: a request's headers must have arrived within this time (a phone on a
   * weak network sends them in one or two round trips of well under a second); a socket that
   * dribbles them is closed instead of held.
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** A whole request, body included: a 10 MB picture over a weak phone uplink (~100 KB/s) fits. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
  /** An idle keep-alive connection is closed after this. */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** A fan-out or email job not finished in this time is deemed crashed and taken over. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A delivery batch job not finished in this time is taken over by another worker (crash recovery). */
  DELIVERY_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** How often the job queue looks for jobs of crashed workers. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A subscription not seen (no sign-in on that device, no receipt) for this long expires. */
  PUSH_SUBSCRIPTION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** The time zone of the platform's dashboard (admins): which date "today" is. */
  REPORTS_TIME_ZONE: z
    .string()
    .default('Europe/Bratislava')
    .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', {
      message: 'REPORTS_TIME_ZONE must be an IANA time zone, like Europe/Bratislava',
    }),
  /** Page views received per IP per minute (first-party analytics). */
  RATE_LIMIT_PAGEVIEWS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Also forward each page view to a Plausible-compatible events endpoint (https://host/api/event); unset: kept here only. */
  ANALYTICS_FORWARD_URL: z.string().url().optional(),
  /** The site name the forwarded events carry (Plausible's `domain`); default: PUBLIC_URL's host. */
  ANALYTICS_FORWARD_DOMAIN: z.string().optional(),
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
  /** Serve /{publicId} and /{publicId}/register as light server-rendered pages (PUBLIC_PAGE_LIGHT). */
  publicPageLight: boolean;
  /** Unset: the embedded PGlite under dataDir. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The SMTP pool: messages per second at most, connections at once; and the first wait before a
   * paused mail server is tried again (seconds).
   */
  email: { perSecond: number; connections: number; retryMinSeconds: number };
  /** Signs every email (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY[_FILE]); unset: unsigned. */
  dkim: DkimSettings | undefined;
  /** The DNS servers "Email health" asks (EMAIL_HEALTH_DNS_SERVERS); empty: the system's resolvers. */
  emailHealthDnsServers: string[];
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  supportEmail: string;
  androidAppUrl: string;
  workers: boolean;
  admin: { email?: string; password?: string };
  logLevel: string;
  logRequests: 'all' | 'errors' | 'off';
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  loginRateLimitPerMinute: number;
  uploadRateLimitPerMinute: number;
  publicRateLimitPerMinute: number;
  /** Requests per API key per minute (auth.plugin.ts). */
  apiKeyRateLimitPerMinute: number;
  /** Failed API key attempts per address, weekly sends per business, phone updates per post (usage-limits-settings.ts). */
  usageLimits: UsageLimits;
  /** Follows with one tap per IP, and per business, per hour (guest.service.ts). */
  guestFollowsPerHour: { perIp: number; perBusiness: number };
  /** Pictures decoded or drawn at once in this process (lib/images.ts). */
  imageConcurrency: number;
  /** Exports produced at once by this process; more wait in line (modules/exports/export-slots.ts). */
  exportConcurrency: number;
  push: {
    caFile: string | undefined;
    concurrency: number;
    batchSize: number;
    /** Batches queued by their place in their send (DELIVERY_FAIR_SHARE). */
    fairShare: boolean;
    /** Members per fan-out range walked by one job (FANOUT_RANGE_SIZE); at most FANOUT_MAX_RANGES ranges. */
    fanoutRangeSize: number;
    cryptoThreads: number | undefined;
    deliveryJobTimeoutSeconds: number;
    subscriptionIdleDays: number;
    allowedHosts: HostPattern[];
    originPauseSeconds: number;
    /** Messages a minute an origin may be sent, 0 for no limit (PUSH_ORIGIN_RATES). */
    ratePerMinuteOf: (origin: string) => number;
    /** Requests per delivery before a transient failure ends it as failed. */
    maxAttempts: number;
    /** Days a device may confirm no push accepted for it before it is skipped as stale. */
    staleDays: number;
    /** Failed sends in a row after which a device is skipped as stale. */
    failedSendsToSkip: number;
  };
  jobTimeoutSeconds: number;
  jobSuperviseSeconds: number;
  /** Slow-client limits of the HTTP server, in milliseconds (see HTTP_*_SECONDS). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  metricsToken: string | undefined;
  reports: { timeZone: string };
  comments: {
    /** Comments written or edited per user per minute. */
    rateLimitPerMinute: number;
    /** The window of the operators' "new comments" push: at most one per post per window. */
    noticeSeconds: number;
  };
  webhooks: {
    caFile: string | undefined;
    /** Lower-case host names and literal IPs allowed to be private. */
    allowedPrivateHosts: string[];
    firstRetrySeconds: number;
    retryHours: number;
    timeoutMs: number;
    concurrency: number;
  };
  analytics: {
    pageViewRateLimitPerMinute: number;
    /** A Plausible-compatible events endpoint page views are also forwarded to. */
    forwardUrl: string | undefined;
    forwardDomain: string;
  };
}

export class ConfigError extends Error {}

/** Names proxy-addr (Fastify's trustProxy) understands for common private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: which X-Forwarded-For entries to believe. A hop count (`1`: the one proxy in front
 * of us appended the client's address; anything left of it is what the client claims) or the
 * proxies' addresses/CIDRs, comma-separated. `true` means 1 hop: the older setting, kept working
 * without trusting what a client writes. Trusting every hop (`*`) is refused: then a client picks
 * its own IP with each request, and every per-IP limit is void.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0', ''].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`${value} hops is not a plausible proxy chain (at most 10)`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (entry === '*' || entry === '0.0.0.0/0' || entry === '::/0') {
      throw new Error(
        `"${entry}" would trust any X-Forwarded-For a client sends: give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs`,
      );
    }
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(
        `"${entry}" is not a hop count, an IP address or a CIDR (e.g. 1, or 10.0.0.0/8,192.168.1.10)`,
      );
    }
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for a parsed TRUST_PROXY. A hop count becomes a function, as Fastify takes
 * a bare number to mean "trust no one": the address `hops` steps back from our peer is the client,
 * whatever was written further left. That holds only when the server cannot be reached except
 * through those proxies; otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  trust: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

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
  if (env.NODE_ENV === 'production') {
    const subject = env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
    const problem = vapidSubjectProblem(subject);
    if (problem) {
      throw new ConfigError(
        `Invalid configuration:\n  VAPID_SUBJECT: ${problem}. Apple's push service refuses such a subject ` +
          '(403 BadJwtToken), so iPhones would get no notification. Set VAPID_SUBJECT to a mailto: address or ' +
          'https: page where the push services can reach you (for example mailto:owner@your-business.com), ' +
          'or set SUPPORT_EMAIL, which it defaults to.',
      );
    }
  }
  let allowedHosts: HostPattern[];
  try {
    allowedHosts = parseAllowedHosts(env.PUSH_ALLOWED_HOSTS);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PUSH_ALLOWED_HOSTS: ${(error as Error).message}`);
  }
  let ratePerMinuteOf: (origin: string) => number;
  try {
    ratePerMinuteOf = parseOriginRates(env.PUSH_ORIGIN_RATES);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PUSH_ORIGIN_RATES: ${(error as Error).message}`);
  }
  let dkim: DkimSettings | undefined;
  try {
    dkim = parseDkimSettings(env);
  } catch (error) {
    if (!(error instanceof DkimSettingError)) throw error;
    throw new ConfigError(`Invalid configuration:\n  ${error.setting}: ${error.message}`);
  }
  const emailHealthDnsServers = env.EMAIL_HEALTH_DNS_SERVERS.split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  try {
    new Resolver().setServers(emailHealthDnsServers);
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  EMAIL_HEALTH_DNS_SERVERS: "${env.EMAIL_HEALTH_DNS_SERVERS}" is not a list of DNS server addresses (e.g. 1.1.1.1,[2606:4700::1111]:53)`,
    );
  }
  let trustProxy: false | number | string[];
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${(error as Error).message}`);
  }
  // sharp and argon2 and file I/O share Node's thread pool (4 threads unless UV_THREADPOOL_SIZE):
  // pictures get at most half the cores and always leave two threads free, so a sign-in or a file
  // read never queues behind them.
  const imageConcurrency =
    env.IMAGE_CONCURRENCY ??
    Math.max(1, Math.min(Math.floor(availableParallelism() / 2), (env.UV_THREADPOOL_SIZE ?? 4) - 2));
  const secret = env.JWT_SECRET ?? localJwtSecret(dataDir);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDistDir,
    publicPageLight: env.PUBLIC_PAGE_LIGHT,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    jwtSecret: new TextEncoder().encode(secret),
    tokenTtlSeconds: Math.round(env.TOKEN_TTL_HOURS * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    email: {
      perSecond: env.EMAIL_RATE_PER_SECOND,
      connections: env.EMAIL_CONNECTIONS,
      retryMinSeconds: env.EMAIL_RETRY_MIN_SECONDS,
    },
    dkim,
    emailHealthDnsServers,
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    supportEmail: env.SUPPORT_EMAIL,
    // The installable web app is the Android app unless a store listing is configured: its install
    // page offers the browser's install prompt or shows the steps for Android and iPhone.
    androidAppUrl: env.ANDROID_APP_URL || `${publicUrl}/install`,
    workers: env.WORKERS,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS,
    trustProxy,
    loginRateLimitPerMinute: env.RATE_LIMIT_LOGIN_PER_MINUTE,
    uploadRateLimitPerMinute: env.RATE_LIMIT_UPLOADS_PER_MINUTE,
    publicRateLimitPerMinute: env.RATE_LIMIT_PUBLIC_PER_MINUTE,
    apiKeyRateLimitPerMinute: env.RATE_LIMIT_API_KEY_PER_MINUTE,
    usageLimits: parseUsageLimits(
      present,
      (lines) => new ConfigError(`Invalid configuration:\n${lines.join('\n')}`),
    ),
    guestFollowsPerHour: {
      perIp: env.RATE_LIMIT_GUEST_FOLLOWS_PER_IP_PER_HOUR,
      perBusiness: env.RATE_LIMIT_GUEST_FOLLOWS_PER_BUSINESS_PER_HOUR,
    },
    imageConcurrency,
    // Half the cores: the other half keeps answering everyone else while exports run.
    exportConcurrency: env.EXPORT_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)),
    push: {
      caFile: env.PUSH_CA_FILE,
      concurrency: env.PUSH_CONCURRENCY,
      batchSize: env.PUSH_BATCH_SIZE,
      fairShare: env.DELIVERY_FAIR_SHARE,
      fanoutRangeSize: env.FANOUT_RANGE_SIZE,
      cryptoThreads: env.PUSH_CRYPTO_THREADS,
      deliveryJobTimeoutSeconds: env.DELIVERY_JOB_TIMEOUT_SECONDS,
      subscriptionIdleDays: env.PUSH_SUBSCRIPTION_IDLE_DAYS,
      allowedHosts,
      originPauseSeconds: env.PUSH_ORIGIN_PAUSE_SECONDS,
      ratePerMinuteOf,
      maxAttempts: env.PUSH_MAX_ATTEMPTS,
      staleDays: env.PUSH_STALE_DAYS,
      failedSendsToSkip: env.PUSH_FAILED_SENDS_TO_SKIP,
    },
    jobTimeoutSeconds: env.JOB_TIMEOUT_SECONDS,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_SECONDS * 1000,
    },
    metricsToken: env.METRICS_TOKEN,
    jobSuperviseSeconds: env.JOB_SUPERVISE_SECONDS,
    reports: { timeZone: env.REPORTS_TIME_ZONE },
    comments: {
      rateLimitPerMinute: env.RATE_LIMIT_COMMENTS_PER_MINUTE,
      noticeSeconds: env.COMMENT_NOTICE_SECONDS,
    },
    webhooks: {
      caFile: env.WEBHOOK_CA_FILE,
      allowedPrivateHosts: env.WEBHOOK_ALLOWED_PRIVATE_HOSTS.split(',')
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
      firstRetrySeconds: env.WEBHOOK_FIRST_RETRY_SECONDS,
      retryHours: env.WEBHOOK_RETRY_HOURS,
      timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
      concurrency: env.WEBHOOK_CONCURRENCY,
    },
    analytics: {
      pageViewRateLimitPerMinute: env.RATE_LIMIT_PAGEVIEWS_PER_MINUTE,
      forwardUrl: env.ANALYTICS_FORWARD_URL,
      forwardDomain: env.ANALYTICS_FORWARD_DOMAIN ?? new URL(publicUrl).host,
    },
  };
}

/** The configuration of a process entry point; a bad one is printed and the process exits with 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
