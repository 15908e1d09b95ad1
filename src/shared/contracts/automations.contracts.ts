import {
  AutomationBodySchema,
  AutomationListSchema,
  AutomationParamsSchema,
  AutomationSavedSchema,
} from '../schemas/automation.schema';
import { EstablishmentIdParamsSchema } from '../schemas/establishment-params.schema';
import { defineContract, errorResponses } from './contract';

/** A business's automations (follow-up, win-back, anniversary): whoever may send for it. */

const tags = ['automations'] as const;

export const listAutomations = defineContract({
  operationId: 'listAutomations',
  summary:
    "The establishment's automations: each one's settings, how many followers it would reach today and its last 8 weeks",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/automations',
  access: 'notificationPost:create',
  params: EstablishmentIdParamsSchema,
  responses: { 200: AutomationListSchema, ...errorResponses(401, 403, 404) },
});

export const saveAutomation = defineContract({
  operationId: 'saveAutomation',
  summary: 'Turn an automation on or off and set its text, translations and days',
  tags,
  method: 'PUT',
  path: '/api/establishments/:id/automations/:kind',
  access: 'notificationPost:create',
  params: AutomationParamsSchema,
  body: AutomationBodySchema,
  responses: { 200: AutomationSavedSchema, ...errorResponses(400, 401, 403, 404) },
});
