import { EstablishmentResponseSchema } from '../schemas/establishment.schema';
import { EstablishmentIdParamsSchema } from '../schemas/establishment-params.schema';
import { NotificationLimitsBodySchema } from '../schemas/notification-limits.schema';
import { defineContract, errorResponses } from './contract';

/**
 * A business's own fatigue guard limits: whoever may edit the establishment sets them; the
 * establishment's operator view (getEstablishment) reads them with the platform's defaults and ceilings.
 */
export const setEstablishmentNotificationLimits = defineContract({
  operationId: 'setEstablishmentNotificationLimits',
  summary:
    "Notifications per follower: at most perDay a day and perWeek a week (null: the platform's default; at most its ceilings)",
  tags: ['establishments'],
  method: 'PUT',
  path: '/api/establishments/:id/notification-limits',
  access: 'establishment:edit',
  params: EstablishmentIdParamsSchema,
  body: NotificationLimitsBodySchema,
  responses: { 200: EstablishmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
});
