import { z } from 'zod';
import { Msg } from '../messages';
import { VISIT_SOURCES } from './report-sources';

const day = z.iso.date({ error: Msg.invalidDate });

/** The longest custom range a report covers: ten years of days. */
export const REPORT_MAX_DAYS = 3660;

/** Whose figures: one establishment (who manages it), or the whole platform when omitted (admins). */
const reportScope = {
  establishmentId: z.uuid({ error: Msg.establishmentNotFound }).optional(),
};

/**
 * A custom range of local days, both included: `from` and `to` together or neither. A one-day range
 * (the same date twice) is allowed.
 */
const rangeQuery = z
  .object({ ...reportScope, from: day.optional(), to: day.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    path: ['to'],
    message: Msg.rangeNeedsBothDates,
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { path: ['to'], message: Msg.endAfterStart })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    path: ['to'],
    message: Msg.rangeTooLong,
  });

export const DashboardQuerySchema = rangeQuery;
export type DashboardQuery = z.output<typeof DashboardQuerySchema>;

export const FunnelQuerySchema = rangeQuery;
export type FunnelQuery = z.output<typeof FunnelQuerySchema>;

/** What happened in a period. */
export const ReportFiguresSchema = z.object({
  /** Notifications sent (each once, whatever its audience). */
  notificationsSent: z.number().int(),
  /** Of them, those also posted to the feed. */
  posts: z.number().int(),
  /** Deliveries the devices' service workers confirmed: notifications received. */
  reach: z.number().int(),
  /**
   * Followers at the end of the period: who follows and confirmed their email, the same count as the
   * establishment's followerCount (for the platform: the sum over its live establishments).
   */
  users: z.number().int(),
  /** Who followed and was still waiting for email confirmation at the end of the period (waitingCount). */
  waiting: z.number().int(),
  /** Notifications opened by a click. */
  clicks: z.number().int(),
  /** Devices the period's notifications were sent to; reach / devices is the share reached. */
  devices: z.number().int(),
  /** Followers the period's notifications were emailed to. */
  emails: z.number().int(),
  /** Of those emails, the ones whose Open button was followed. */
  emailClicks: z.number().int(),
  /** Follows and unfollows during the period, confirmed or not (an establishment's deletion ends its follows). */
  follows: z.number().int(),
  unfollows: z.number().int(),
  /** Engagement: reactions to its posts made in the period and still standing. */
  reactions: z.number().int(),
  /** Comments on its posts written in the period and not removed. */
  comments: z.number().int(),
  /**
   * Deliveries (pushes and emails) of its automations (follow-up, win-back, anniversary, birthday),
   * counted apart: none of the figures above includes them.
   */
  automated: z.number().int(),
  /** Of them, the ones opened by a click. */
  automatedClicks: z.number().int(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

/** Nothing happened: the figures of a period without events. */
export const NO_FIGURES: ReportFigures = {
  notificationsSent: 0,
  posts: 0,
  reach: 0,
  users: 0,
  waiting: 0,
  clicks: 0,
  devices: 0,
  emails: 0,
  emailClicks: 0,
  follows: 0,
  unfollows: 0,
  reactions: 0,
  comments: 0,
  automated: 0,
  automatedClicks: 0,
};

export const REPORT_PERIODS = ['today', 'yesterday', 'last30Days', 'lastYear'] as const;
export type ReportPeriodKey = (typeof REPORT_PERIODS)[number] | 'custom';

/** A period's local days (both included), its figures, and those of the period of the same length before it. */
export const ReportPeriodSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  figures: ReportFiguresSchema,
  previous: ReportFiguresSchema,
});
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;

/** One point of the charts: a day, or a month (its first day) for ranges over 92 days. */
export const ReportPointSchema = ReportFiguresSchema.extend({ date: z.iso.date() });
export type ReportPoint = z.infer<typeof ReportPointSchema>;

export const DashboardSchema = z.object({
  scope: z.object({
    /** null: the whole platform. */
    establishmentId: z.string().nullable(),
    name: z.string().nullable(),
    /** The time zone the days are counted in: the establishment's, or the platform's. */
    timeZone: z.string(),
    /** Today's date there. */
    today: z.iso.date(),
  }),
  periods: z.object({
    today: ReportPeriodSchema,
    yesterday: ReportPeriodSchema,
    last30Days: ReportPeriodSchema,
    lastYear: ReportPeriodSchema,
    /** Only when `from` and `to` are given. */
    custom: ReportPeriodSchema.optional(),
  }),
  /** The charts: the custom range when given, else the last 30 days, day by day (month by month over 92 days). */
  series: z.object({
    granularity: z.enum(['day', 'month']),
    from: z.iso.date(),
    to: z.iso.date(),
    points: z.array(ReportPointSchema),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** One step of the follower funnel, for one visit source or for all. */
export const FunnelStepsSchema = z.object({
  /**
   * Public page views, and distinct visitors (summed day by day). The visitors are the funnel's first
   * step and the base of its "Followed" rate; the views are a figure beside them.
   */
  views: z.number().int(),
  visitors: z.number().int(),
  /**
   * People who followed in the period by that source and still follow, whether or not they confirmed
   * their email yet ("Followed" on the dashboard).
   */
  followers: z.number().int(),
  /** Of them, those who confirmed their email. */
  verified: z.number().int(),
  /** Of them, guests: devices that followed with one tap and have no account (no email to confirm). */
  guests: z.number().int(),
  /** Their devices with push notifications on. */
  pushDevices: z.number().int(),
  /** Of them, those who accept its email: consent given, an address that does not bounce, a choice with email. */
  emailOn: z.number().int(),
});
export type FunnelSteps = z.infer<typeof FunnelStepsSchema>;

export const FunnelSchema = z.object({
  establishmentId: z.string().nullable(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every source, in VISIT_SOURCES order, zeros included. */
  sources: z.array(FunnelStepsSchema.extend({ source: z.enum(VISIT_SOURCES) })),
  total: FunnelStepsSchema,
});
export type Funnel = z.infer<typeof FunnelSchema>;

/** A route change of the web app, sent after the visitor's consent. */
export const PageViewBodySchema = z.object({
  path: z
    .string({ error: 'The path is required' })
    .max(2000, 'The path is too long')
    .regex(/^\/[^\s?#]*$/, Msg.pathInvalid),
  referrer: z.string().max(2000, 'The referrer is too long').optional(),
  source: z.enum(VISIT_SOURCES, { error: `Choose one of: ${VISIT_SOURCES.join(', ')}` }).optional(),
});
export type PageViewBody = z.infer<typeof PageViewBodySchema>;
