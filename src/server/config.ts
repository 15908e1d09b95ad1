import { z } from 'zod';
import { type AuthSettings, authEnv, authSettings, requireJwtSecret } from './config/auth-settings';
import { ConfigError } from './config/config-error';
import { type DatabaseSettings, databaseEnv, databaseSettings } from './config/database-settings';
import { type DeliverySettings, deliveryEnv, deliverySettings } from './config/delivery-settings';
import { type HttpSettings, httpEnv, httpSettings } from './config/http-settings';
import { type MailSettings, mailEnv, mailSettings } from './config/mail-settings';
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
  ...deliveryEnv,
  ...webhookEnv,
  ...rateLimitEnv,
  ...reportEnv,
});

export type Env = z.input<typeof EnvSchema>;

/** Typed, validated configuration; the one place the environment is read. */
export interface Config
  extends ServerSettings,
    DatabaseSettings,
    AuthSettings,
    HttpSettings,
    MailSettings,
    DeliverySettings,
    WebhookSettings,
    RateLimitSettings,
    ReportSettings {
  /** Failed API key attempts per address, weekly sends per business, phone updates per post (usage-limits-settings.ts). */
  usageLimits: UsageLimits;
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
  const production = env.NODE_ENV === 'production';
  requireJwtSecret(env, production);
  const delivery = deliverySettings(env, { production, supportEmail: env.SUPPORT_EMAIL });
  const mail = mailSettings(env);
  const http = httpSettings(env);
  const server = serverSettings(env);
  return {
    ...server,
    ...databaseSettings(env),
    ...authSettings(env, server.dataDir),
    ...http,
    ...mail,
    ...delivery,
    ...webhookSettings(env),
    ...rateLimitSettings(env),
    usageLimits: parseUsageLimits(
      present,
      (lines) => new ConfigError(`Invalid configuration:\n${lines.join('\n')}`),
    ),
    ...reportSettings(env, server.publicUrl),
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
