import {
  AccountTimeZoneBodySchema,
  AccountTimeZoneResponseSchema,
  TIME_ZONE_HEADER,
} from '../schemas/time-zone.schema';
import { defineContract, errorResponses } from './contract';

/** The signed-in user's own time zone, for sends at each follower's local time. */

const tags = ['account'] as const;

export const getTimeZone = defineContract({
  operationId: 'getTimeZone',
  summary: `The caller's time zone: the one their device reports (the ${TIME_ZONE_HEADER} header at sign-in, follow and push subscribe) or the one they chose`,
  tags,
  method: 'GET',
  path: '/api/account/time-zone',
  access: 'push:subscribe',
  responses: { 200: AccountTimeZoneResponseSchema, ...errorResponses(401, 403) },
});

export const setTimeZone = defineContract({
  operationId: 'setTimeZone',
  summary: `Choose the caller's time zone (kept whatever the device says), or null: follow the device again (this call's ${TIME_ZONE_HEADER} header sets it)`,
  tags,
  method: 'PUT',
  path: '/api/account/time-zone',
  access: 'push:subscribe',
  body: AccountTimeZoneBodySchema,
  responses: { 200: AccountTimeZoneResponseSchema, ...errorResponses(400, 401, 403) },
});
