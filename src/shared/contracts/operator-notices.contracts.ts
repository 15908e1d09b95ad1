import { OperatorNoticeSettingsSchema } from '../schemas/operator-notice.schema';
import { defineContract, errorResponses } from './contract';

/** The signed-in operator's email notices of new comments and messages (without push). */

const tags = ['account'] as const;

export const getOperatorNotices = defineContract({
  operationId: 'getOperatorNotices',
  summary:
    'How often the caller, an operator without push, is emailed about new comments and messages: immediately, hourly, daily or off',
  tags,
  method: 'GET',
  path: '/api/account/operator-notices',
  access: 'user:client',
  responses: { 200: OperatorNoticeSettingsSchema, ...errorResponses(401, 403) },
});

export const setOperatorNotices = defineContract({
  operationId: 'setOperatorNotices',
  summary:
    'Set how often the caller is emailed about new comments and messages (at most one digest per business per window)',
  tags,
  method: 'PUT',
  path: '/api/account/operator-notices',
  access: 'user:client',
  body: OperatorNoticeSettingsSchema,
  responses: { 200: OperatorNoticeSettingsSchema, ...errorResponses(400, 401, 403) },
});
