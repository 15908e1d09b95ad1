import { Resolver } from 'node:dns';
import { z } from 'zod';
import { DkimSettingError, type DkimSettings, parseDkimSettings } from '../mail/dkim-settings';
import { bool, checked, type SettingProblem } from './config-error';

/** Email: the SMTP server, the sender, its pace and retries, DKIM, and the DNS "Email health" asks. */
export const mailEnv = {
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
  /** Off: a notification email's links go straight to their target and no click is counted. */
  EMAIL_CLICK_TRACKING: bool.default(true),
  /** DKIM: every email is signed for this domain with this selector's key (mail/dkim-settings.ts). */
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  /** The RSA private key as PEM (`\n` escapes allowed), or DKIM_PRIVATE_KEY_FILE: a file holding it. */
  DKIM_PRIVATE_KEY: z.string().optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().optional(),
  /** The DNS servers the admin page "Email health" asks (ip or ip:port, comma-separated); unset: the system's. */
  EMAIL_HEALTH_DNS_SERVERS: z.string().default(''),
};

export type MailEnv = z.output<z.ZodObject<typeof mailEnv>>;

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The SMTP pool: messages per second at most, connections at once; and the first wait before a
   * paused mail server is tried again (seconds).
   */
  email: { perSecond: number; connections: number; retryMinSeconds: number; clickTracking: boolean };
  /** Signs every email (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY[_FILE]); unset: unsigned. */
  dkim: DkimSettings | undefined;
  /** The DNS servers "Email health" asks (EMAIL_HEALTH_DNS_SERVERS); empty: the system's resolvers. */
  emailHealthDnsServers: string[];
}

function dkimSettings(env: MailEnv, problems: SettingProblem[]): DkimSettings | undefined {
  try {
    return parseDkimSettings(env);
  } catch (error) {
    if (!(error instanceof DkimSettingError)) throw error;
    problems.push({ setting: error.setting, message: error.message });
    return undefined;
  }
}

function emailHealthDnsServers(value: string): string[] {
  const servers = value
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  try {
    new Resolver().setServers(servers);
  } catch {
    throw new Error(`"${value}" is not a list of DNS server addresses (e.g. 1.1.1.1,[2606:4700::1111]:53)`);
  }
  return servers;
}

/**
 * An smtp: or smtps: URL with a host, as nodemailer takes it. The value is never printed: it
 * usually holds the mail account's password.
 */
function checkSmtpUrl(value: string) {
  const expected = 'expected smtp://user:password@host:587 or smtps://user:password@host:465';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`is not a URL: ${expected}`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`${url.protocol}// is not an SMTP URL: ${expected}`);
  }
  if (!url.hostname) throw new Error(`names no mail server: ${expected}`);
}

export function mailSettings(env: MailEnv, problems: SettingProblem[]): MailSettings {
  const smtpUrl = env.SMTP_URL;
  if (smtpUrl) checked(problems, 'SMTP_URL', () => checkSmtpUrl(smtpUrl), undefined);
  const dnsServers = checked(
    problems,
    'EMAIL_HEALTH_DNS_SERVERS',
    () => emailHealthDnsServers(env.EMAIL_HEALTH_DNS_SERVERS),
    [],
  );
  return {
    smtpUrl: smtpUrl || undefined,
    mailFrom: env.MAIL_FROM,
    email: {
      perSecond: env.EMAIL_RATE_PER_SECOND,
      connections: env.EMAIL_CONNECTIONS,
      retryMinSeconds: env.EMAIL_RETRY_MIN_SECONDS,
      clickTracking: env.EMAIL_CLICK_TRACKING,
    },
    dkim: dkimSettings(env, problems),
    emailHealthDnsServers: dnsServers,
  };
}
