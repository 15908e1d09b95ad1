import { z } from 'zod';

/** Webhooks: whom they may call, how long they wait and retry, how many at once. */
export const webhookEnv = {
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
};

export type WebhookEnv = z.output<z.ZodObject<typeof webhookEnv>>;

export interface WebhookSettings {
  webhooks: {
    caFile: string | undefined;
    /** Lower-case host names and literal IPs allowed to be private. */
    allowedPrivateHosts: string[];
    firstRetrySeconds: number;
    retryHours: number;
    timeoutMs: number;
    concurrency: number;
  };
}

export function webhookSettings(env: WebhookEnv): WebhookSettings {
  return {
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
  };
}
