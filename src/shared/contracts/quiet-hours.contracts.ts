import { QuietHoursBodySchema, QuietHoursSchema } from '../schemas/quiet-hours.schema';
import { defineContract, errorResponses } from './contract';

/** The signed-in user's quiet hours: whoever may receive pushes sets their own. */

const tags = ['account'] as const;

export const getQuietHours = defineContract({
  operationId: 'getQuietHours',
  summary: "The caller's quiet hours: when their devices get no notification (times in their time zone)",
  tags,
  method: 'GET',
  path: '/api/account/quiet-hours',
  access: 'push:subscribe',
  responses: { 200: QuietHoursSchema, ...errorResponses(401, 403) },
});

export const setQuietHours = defineContract({
  operationId: 'setQuietHours',
  summary:
    "Set or turn off the caller's quiet hours; notifications held back by the old setting are looked at again at once",
  tags,
  method: 'PUT',
  path: '/api/account/quiet-hours',
  access: 'push:subscribe',
  body: QuietHoursBodySchema,
  responses: { 200: QuietHoursSchema, ...errorResponses(400, 401, 403) },
});
