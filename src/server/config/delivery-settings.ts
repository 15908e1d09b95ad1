import { z } from 'zod';
import { DEFAULT_PUSH_ALLOWED_HOSTS, type HostPattern, parseAllowedHosts } from '../push/allowed-hosts';
import { DEFAULT_PUSH_ORIGIN_RATES, parseOriginRates } from '../push/origin-rate';
import {
  PRIVATE_KEY_EXPECTED,
  PUBLIC_KEY_EXPECTED,
  privateKeyOf,
  publicKeyValid,
} from '../push/vapid-key-format';
import { vapidSubjectProblem } from '../push/vapid-subject';
import { bool, checked, type SettingProblem } from './config-error';

/** Sends: the VAPID identity, push's pace, batches and retries, and the job queue's timeouts. */
export const deliveryEnv = {
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** A PEM file of extra certificate authorities to trust for push services (tests, private push services). */
  PUSH_CA_FILE: z.string().optional(),
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
  /** A fan-out or email job not finished in this time is deemed crashed and taken over. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A delivery batch job not finished in this time is taken over by another worker (crash recovery). */
  DELIVERY_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** How often the job queue looks for jobs of crashed workers. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A subscription not seen (no sign-in on that device, no receipt) for this long expires. */
  PUSH_SUBSCRIPTION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
};

export type DeliveryEnv = z.output<z.ZodObject<typeof deliveryEnv>>;

export interface DeliverySettings {
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
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
}

/** In production, a VAPID subject Apple accepts (its default is SUPPORT_EMAIL's address). */
function checkVapidSubject(env: DeliveryEnv, supportEmail: string) {
  const problem = vapidSubjectProblem(env.VAPID_SUBJECT ?? `mailto:${supportEmail}`);
  if (problem) {
    throw new Error(
      `${problem}. Apple's push service refuses such a subject ` +
        '(403 BadJwtToken), so iPhones would get no notification. Set VAPID_SUBJECT to a mailto: address or ' +
        'https: page where the push services can reach you (for example mailto:owner@your-business.com), ' +
        'or set SUPPORT_EMAIL, which it defaults to.',
    );
  }
}

/** Both keys or neither (a pair is then generated and kept in the database), each of its shape. */
function checkVapidKeys(env: DeliveryEnv, problems: SettingProblem[]) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return;
  const pair = 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is generated)';
  if (!publicKey) problems.push({ setting: 'VAPID_PUBLIC_KEY', message: `is not set: ${pair}` });
  else if (!publicKeyValid(publicKey))
    problems.push({ setting: 'VAPID_PUBLIC_KEY', message: PUBLIC_KEY_EXPECTED });
  if (!privateKey) problems.push({ setting: 'VAPID_PRIVATE_KEY', message: `is not set: ${pair}` });
  else if (!privateKeyOf(privateKey))
    problems.push({ setting: 'VAPID_PRIVATE_KEY', message: PRIVATE_KEY_EXPECTED });
}

export function deliverySettings(
  env: DeliveryEnv,
  process: { production: boolean; supportEmail: string },
  problems: SettingProblem[],
): DeliverySettings {
  if (process.production) {
    checked(problems, 'VAPID_SUBJECT', () => checkVapidSubject(env, process.supportEmail), undefined);
  }
  checkVapidKeys(env, problems);
  const allowedHosts = checked(
    problems,
    'PUSH_ALLOWED_HOSTS',
    () => parseAllowedHosts(env.PUSH_ALLOWED_HOSTS),
    [],
  );
  const ratePerMinuteOf = checked(
    problems,
    'PUSH_ORIGIN_RATES',
    () => parseOriginRates(env.PUSH_ORIGIN_RATES),
    () => 0,
  );
  return {
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
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
    jobSuperviseSeconds: env.JOB_SUPERVISE_SECONDS,
  };
}
