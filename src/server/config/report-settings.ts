import { z } from 'zod';
import { urlSetting } from './config-error';

/** Figures: the dashboard's time zone and first-party page views (and where they are forwarded). */
export const reportEnv = {
  /** The time zone of the platform's dashboard (admins): which date "today" is. */
  REPORTS_TIME_ZONE: z
    .string()
    .default('Europe/Bratislava')
    .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', {
      message: 'expected an IANA time zone, like Europe/Bratislava',
    }),
  /** Page views received per IP per minute (first-party analytics). */
  RATE_LIMIT_PAGEVIEWS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Also forward each page view to a Plausible-compatible events endpoint (https://host/api/event); unset: kept here only. */
  ANALYTICS_FORWARD_URL: urlSetting('https://plausible.example.com/api/event').optional(),
  /** The site name the forwarded events carry (Plausible's `domain`); default: PUBLIC_URL's host. */
  ANALYTICS_FORWARD_DOMAIN: z.string().optional(),
};

export type ReportEnv = z.output<z.ZodObject<typeof reportEnv>>;

export interface ReportSettings {
  reports: { timeZone: string };
  analytics: {
    pageViewRateLimitPerMinute: number;
    /** A Plausible-compatible events endpoint page views are also forwarded to. */
    forwardUrl: string | undefined;
    forwardDomain: string;
  };
}

export function reportSettings(env: ReportEnv, publicUrl: string): ReportSettings {
  return {
    reports: { timeZone: env.REPORTS_TIME_ZONE },
    analytics: {
      pageViewRateLimitPerMinute: env.RATE_LIMIT_PAGEVIEWS_PER_MINUTE,
      forwardUrl: env.ANALYTICS_FORWARD_URL,
      forwardDomain: env.ANALYTICS_FORWARD_DOMAIN ?? new URL(publicUrl).host,
    },
  };
}
