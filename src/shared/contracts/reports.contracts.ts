import { z } from 'zod';
import { PushHealthQuerySchema, PushHealthSchema } from '../schemas/push-health.schema';
import {
  DashboardQuerySchema,
  DashboardSchema,
  FunnelQuerySchema,
  FunnelSchema,
  PageViewBodySchema,
} from '../schemas/report.schema';
import { defineContract, errorResponses } from './contract';
import { API_PATHS } from './paths';

const tags = ['reports'] as const;

export const getDashboard = defineContract({
  operationId: 'getDashboard',
  summary: "An establishment's figures (who manages it), or the platform's (admins, no establishmentId)",
  description:
    'Today, yesterday, the last 30 days and the last year in the time zone of the establishment (of the platform: REPORTS_TIME_ZONE), each with the period of the same length before it; with `from` and `to` also that custom range. Read from rollups the database keeps current as events happen.',
  tags,
  method: 'GET',
  path: '/api/reports/dashboard',
  access: 'report:read',
  apiKey: 'read:stats',
  query: DashboardQuerySchema,
  responses: { 200: DashboardSchema, ...errorResponses(400, 401, 403, 404) },
});

export const getFunnel = defineContract({
  operationId: 'getFunnel',
  summary: 'The follower funnel by visit source: public page views, follows, verified, devices with push on',
  description:
    'Over `from`..`to` (local days), by default the last 30 days. Follows count the people who followed in the period and still follow; verified and push devices are where those people are now.',
  tags,
  method: 'GET',
  path: '/api/reports/funnel',
  access: 'report:read',
  apiKey: 'read:stats',
  query: FunnelQuerySchema,
  responses: { 200: FunnelSchema, ...errorResponses(400, 401, 403, 404) },
});

export const recordPageView = defineContract({
  operationId: 'recordPageView',
  summary: "A route change of the web app (first-party analytics, sent after the visitor's consent)",
  description:
    "No cookie and no IP address are stored: a visitor is a hash salted per day. A public page path counts in its establishment's funnel by `source`. Rate limited per IP.",
  tags,
  method: 'POST',
  path: API_PATHS.pageView,
  access: 'public',
  body: PageViewBodySchema,
  responses: { 204: z.null(), ...errorResponses(400, 429) },
});

export const getPushHealth = defineContract({
  operationId: 'getPushHealth',
  summary:
    "Permission health: the share of an establishment's pushes opened, and its followers' devices lost",
  description:
    'Over the last 30 days, the pushes delivered and opened (with `lowOpenShare` when under 1 % over at least ten sends: browsers may turn notifications off for this server), and for each of the last four weeks the devices of its followers lost (410/404 answers, turned off or removed, expired). Without `establishmentId`, the platform (admins).',
  tags,
  method: 'GET',
  path: '/api/reports/push-health',
  access: 'report:read',
  apiKey: 'read:stats',
  query: PushHealthQuerySchema,
  responses: { 200: PushHealthSchema, ...errorResponses(400, 401, 403, 404) },
});
