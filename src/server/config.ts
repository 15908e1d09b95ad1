import { z } from 'zod';
import { type AuthSettings, authEnv, authSettings, requireJwtSecret } from './config/auth-settings';
import { type ComplaintSettings, complaintEnv, complaintSettings } from './config/complaint-settings';
import { ConfigError, checked, describeIssue, type SettingProblem } from './config/config-error';
import { type DatabaseSettings, databaseEnv, databaseSettings } from './config/database-settings';
import { type DeliverySettings, deliveryEnv, deliverySettings } from './config/delivery-settings';
import { type FatigueSettings, parseFatigueSettings } from './config/fatigue-settings';
import { type HttpSettings, httpEnv, httpSettings } from './config/http-settings';
import { type MailSettings, mailEnv, mailSettings } from './config/mail-settings';
import { type OidcSettings, oidcEnv, oidcSettings } from './config/oidc-settings';
import { type RateLimitSettings, rateLimitEnv, rateLimitSettings } from './config/rate-limit-settings';
import { type ReportSettings, reportEnv, reportSettings } from './config/report-settings';
import { type ServerSettings, serverEnv, serverSettings } from './config/server-settings';
import { type WebhookSettings, webhookEnv, webhookSettings } from './config/webhook-settings';
import { parseUsageLimits, type UsageLimits } from './usage-limits-settings';

export { ConfigError } from './config/config-error';
export { fastifyTrustProxy, parseTrustProxy } from './config/http-settings';
export { defaultWebDistDir } from './config/server-settings';

/** Every setting, by area (config/*-settings.ts). */
const EnvSchema = z.object({
  ...serverEnv,
  ...databaseEnv,
  ...authEnv,
  ...httpEnv,
  ...mailEnv,
  ...complaintEnv,
  ...deliveryEnv,
  ...webhookEnv,
  ...rateLimitEnv,
  ...reportEnv,
  ...oidcEnv,
});

export type Env = z.input<typeof EnvSchema>;

/** Typed, validated configuration; the one place the environment is read. */
export interface Config
  extends ServerSettings,
    DatabaseSettings,
    AuthSettings,
    HttpSettings,
    MailSettings,
    ComplaintSettings,
    DeliverySettings,
    WebhookSettings,
    RateLimitSettings,
    ReportSettings,
    OidcSettings {
  /** Failed API key attempts per address, weekly sends per business, phone updates per post (usage-limits-settings.ts). */
  usageLimits: UsageLimits;
  /** The fatigue guard: how often a follower's phone may ring, per business and in all (config/fatigue-settings.ts). */
  fatigue: FatigueSettings;
}

/**
 * The environment parsed by zod, every bad variable recorded in `problems` and read as unset (its
 * default) instead, so that the checks after it still run on every other setting.
 */
function parseEnv(present: Record<string, string>, problems: SettingProblem[]) {
  const source = { ...present };
  for (;;) {
    const parsed = EnvSchema.safeParse(source);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const setting = String(issue.path[0]);
      problems.push({ setting, message: describeIssue(issue, present[setting]) });
      // Not one variable's issue (none today): nothing to leave out, so stop here.
      if (!(setting in source)) throw ConfigError.listing(problems);
      delete source[setting];
    }
  }
}

/** A settings module that reports its wrong settings through an `invalid` callback, its lines added to the others. */
function reported<T>(
  problems: SettingProblem[],
  parse: (invalid: (lines: string[]) => Error) => T,
): T | undefined {
  return checked(problems, 'settings', () => parse(ConfigError.fromLines), undefined);
}

/**
 * Build the configuration from an environment (process.env by default). Every wrong setting is
 * reported at once, in one ConfigError naming each with what it expects.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (PORT=) means unset, as in most tools, not zero.
  const present = Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  const problems: SettingProblem[] = [];
  const env = parseEnv(present, problems);
  const production = env.NODE_ENV === 'production';
  checked(problems, 'JWT_SECRET', () => requireJwtSecret(env, production), undefined);
  const server = serverSettings(env);
  const settings = {
    ...server,
    ...databaseSettings(env, problems),
    ...httpSettings(env, problems),
    ...mailSettings(env, problems),
    ...complaintSettings(env),
    ...deliverySettings(env, { production, supportEmail: env.SUPPORT_EMAIL }, problems),
    ...webhookSettings(env),
    ...rateLimitSettings(env),
    ...reportSettings(env, server.publicUrl),
    ...oidcSettings(env, problems),
  };
  const usageLimits = reported(problems, (invalid) => parseUsageLimits(present, invalid));
  const fatigue = reported(problems, (invalid) => parseFatigueSettings(present, invalid));
  if (problems.length > 0 || !usageLimits || !fatigue) throw ConfigError.listing(problems);
  // Last, so that no secret file is written for a configuration that is refused.
  return { ...settings, ...authSettings(env, server.dataDir), usageLimits, fatigue };
}
