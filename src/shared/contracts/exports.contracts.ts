import { z } from 'zod';
import { Msg } from '../messages';
import {
  EstablishmentExportQuerySchema,
  EstablishmentExportRowSchema,
  exportResponse,
  FollowerExportQuerySchema,
  FollowerExportRowSchema,
  PersonalDataSchema,
  PersonalExportQuerySchema,
  UserExportQuerySchema,
  UserExportRowSchema,
} from '../schemas/export.schema';
import { defineContract, errorResponses } from './contract';

/**
 * Data exports: CSV or JSON files, streamed from the database page by page, so
 * 100,000 rows neither time out nor sit in memory. Each answers `Content-Disposition: attachment`.
 */

const tags = ['exports'] as const;

export const exportUsers = defineContract({
  operationId: 'exportUsers',
  summary: 'Export users as CSV or JSON, with the people list’s filters and order (admin)',
  tags,
  method: 'GET',
  path: '/api/management/export/users',
  access: 'data:export',
  query: UserExportQuerySchema,
  responses: { 200: exportResponse(z.array(UserExportRowSchema)), ...errorResponses(400, 401, 403) },
});

export const exportEstablishments = defineContract({
  operationId: 'exportEstablishments',
  summary: 'Export establishments as CSV or JSON: public fields, state and followers (admin)',
  tags,
  method: 'GET',
  path: '/api/management/export/establishments',
  access: 'data:export',
  query: EstablishmentExportQuerySchema,
  responses: {
    200: exportResponse(z.array(EstablishmentExportRowSchema)),
    ...errorResponses(400, 401, 403),
  },
});

export const exportFollowers = defineContract({
  operationId: 'exportFollowers',
  summary:
    "Export an establishment's followers as CSV or JSON (admin, its operating clients, the representative who registered it)",
  tags,
  method: 'GET',
  path: '/api/management/export/followers',
  access: 'followers:export',
  apiKey: 'read:followers',
  query: FollowerExportQuerySchema,
  responses: {
    200: exportResponse(z.array(FollowerExportRowSchema)),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const exportUserData = defineContract({
  operationId: 'exportUserData',
  summary: 'Export everything stored about one user, as JSON or sectioned CSV (admin)',
  tags,
  method: 'GET',
  path: '/api/management/users/:id/export',
  access: 'data:export',
  params: z.object({ id: z.uuid({ error: Msg.notFound }) }),
  query: PersonalExportQuerySchema,
  responses: { 200: exportResponse(PersonalDataSchema), ...errorResponses(400, 401, 403, 404) },
});

export const exportMyData = defineContract({
  operationId: 'exportMyData',
  summary: 'Download my data: everything stored about the signed-in user, as JSON or sectioned CSV',
  description:
    'The right to data portability. JSON is one document; CSV is one file of sections (profile, memberships, preferences, devices, notifications), each a title line, a header line and its rows, separated by a blank line.',
  tags,
  method: 'GET',
  path: '/api/account/export',
  access: 'account:export',
  query: PersonalExportQuerySchema,
  responses: { 200: exportResponse(PersonalDataSchema), ...errorResponses(400, 401, 403) },
});
