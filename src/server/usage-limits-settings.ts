import { z } from 'zod';

/** Caps on what one client, business or post may do, against guessing and floods of pushes. */
export interface UsageLimits {
  /** Failed API key attempts per client address per window; past it, every key from there is refused. */
  apiKeyFailures: { max: number; windowMs: number };
  /** Weekly sends still running per business (a new one past it is refused). */
  weeklySendsPerBusiness: number;
  /** "Update on phones" of one post per hour (each one pushes to every phone that got it). */
  phoneUpdatesPerPostPerHour: number;
}

const count = (max: number) => z.coerce.number().int().min(1).max(max);

const UsageLimitsEnv = z.object({
  RATE_LIMIT_API_KEY_FAILURES_PER_IP: count(100_000).default(20),
  RATE_LIMIT_API_KEY_FAILURES_WINDOW_MINUTES: count(1440).default(10),
  WEEKLY_SENDS_PER_BUSINESS: count(10_000).default(20),
  RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR: count(1000).default(3),
});

/**
 * The usage limits from the environment (empty variables already dropped by config.ts). Every
 * wrong one is reported at once, `NAME: what is expected`, through `invalid` (config.ts's
 * ConfigError: this module cannot import it without an import cycle).
 */
export function parseUsageLimits(
  env: Record<string, string | undefined>,
  invalid: (lines: string[]) => Error,
): UsageLimits {
  const parsed = UsageLimitsEnv.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`));
  }
  const settings = parsed.data;
  return {
    apiKeyFailures: {
      max: settings.RATE_LIMIT_API_KEY_FAILURES_PER_IP,
      windowMs: settings.RATE_LIMIT_API_KEY_FAILURES_WINDOW_MINUTES * 60_000,
    },
    weeklySendsPerBusiness: settings.WEEKLY_SENDS_PER_BUSINESS,
    phoneUpdatesPerPostPerHour: settings.RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR,
  };
}
