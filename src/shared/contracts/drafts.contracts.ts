import { MessageSchema } from '../errors';
import {
  CreateDraftBodySchema,
  DraftListQuerySchema,
  DraftListSchema,
  DraftParamsSchema,
  DraftResponseSchema,
  UpdateDraftBodySchema,
} from '../schemas/draft.schema';
import { EstablishmentRefParamsSchema } from '../schemas/notification.schema';
import { defineContract, errorResponses } from './contract';

/** Drafts and templates of the compose form: for who may send for the establishment. */

const tags = ['drafts'] as const;

export const listDrafts = defineContract({
  operationId: 'listDrafts',
  summary: "An establishment's drafts or templates (kind), last changed first",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/drafts',
  access: 'notificationPost:create',
  params: EstablishmentRefParamsSchema,
  query: DraftListQuerySchema,
  responses: { 200: DraftListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const createDraft = defineContract({
  operationId: 'createDraft',
  summary: 'Keep the compose form as a draft or a template (at most 50 of each per establishment)',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/drafts',
  access: 'notificationPost:create',
  params: EstablishmentRefParamsSchema,
  body: CreateDraftBodySchema,
  responses: { 201: DraftResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const updateDraft = defineContract({
  operationId: 'updateDraft',
  summary: "Change a draft's or template's name or content",
  tags,
  method: 'PATCH',
  path: '/api/drafts/:id',
  access: 'notificationPost:create',
  params: DraftParamsSchema,
  body: UpdateDraftBodySchema,
  responses: { 200: DraftResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const deleteDraft = defineContract({
  operationId: 'deleteDraft',
  summary: 'Delete a draft or template',
  tags,
  method: 'DELETE',
  path: '/api/drafts/:id',
  access: 'notificationPost:create',
  params: DraftParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});
