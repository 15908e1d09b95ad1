import { z } from 'zod';
import { Msg } from '../messages';
import { EstablishmentRefParamsSchema } from '../schemas/notification.schema';
import {
  AudienceQuerySchema,
  AudienceSchema,
  PreferenceBodySchema,
  PreferenceGroupBodySchema,
  PreferenceGroupPatchSchema,
  PreferenceGroupSchema,
  PreferencePatchSchema,
  PreferencePicksBodySchema,
  PreferenceSchema,
} from '../schemas/preference.schema';
import { defineContract, errorResponses } from './contract';

const tags = ['preferences'] as const;
const idParams = z.object({ id: z.uuid({ error: Msg.notFound }) });
const message = z.object({ message: z.string() });

export const listPreferences = defineContract({
  operationId: 'listPreferences',
  summary: 'Every preference with its group (anyone: the register page and the account offer them)',
  tags,
  method: 'GET',
  path: '/api/preferences',
  access: 'public',
  responses: { 200: z.object({ items: z.array(PreferenceSchema) }) },
});

export const createPreference = defineContract({
  operationId: 'createPreference',
  summary: 'Create a preference (admin): "Preference created!"',
  tags,
  method: 'POST',
  path: '/api/preferences',
  access: 'preference:manage',
  body: PreferenceBodySchema,
  responses: {
    201: z.object({ preference: PreferenceSchema, message: z.string() }),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updatePreference = defineContract({
  operationId: 'updatePreference',
  summary: 'Edit a preference (admin): "Preference updated"',
  tags,
  method: 'PATCH',
  path: '/api/preferences/:id',
  access: 'preference:manage',
  params: idParams,
  body: PreferencePatchSchema,
  responses: {
    200: z.object({ preference: PreferenceSchema, message: z.string() }),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deletePreference = defineContract({
  operationId: 'deletePreference',
  summary: "Delete a preference (admin); users' picks of it go with it",
  tags,
  method: 'DELETE',
  path: '/api/preferences/:id',
  access: 'preference:manage',
  params: idParams,
  responses: { 200: message, ...errorResponses(400, 401, 403, 404) },
});

export const listPreferenceGroups = defineContract({
  operationId: 'listPreferenceGroups',
  summary: 'Every preference group (anyone)',
  tags,
  method: 'GET',
  path: '/api/preference-groups',
  access: 'public',
  responses: { 200: z.object({ items: z.array(PreferenceGroupSchema) }) },
});

export const createPreferenceGroup = defineContract({
  operationId: 'createPreferenceGroup',
  summary: 'Create a preference group (admin)',
  tags,
  method: 'POST',
  path: '/api/preference-groups',
  access: 'preference:manage',
  body: PreferenceGroupBodySchema,
  responses: {
    201: z.object({ group: PreferenceGroupSchema, message: z.string() }),
    ...errorResponses(400, 401, 403),
  },
});

export const updatePreferenceGroup = defineContract({
  operationId: 'updatePreferenceGroup',
  summary: 'Edit a preference group (admin): "Preference Group updated"',
  tags,
  method: 'PATCH',
  path: '/api/preference-groups/:id',
  access: 'preference:manage',
  params: idParams,
  body: PreferenceGroupPatchSchema,
  responses: {
    200: z.object({ group: PreferenceGroupSchema, message: z.string() }),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deletePreferenceGroup = defineContract({
  operationId: 'deletePreferenceGroup',
  summary: 'Delete an empty preference group (admin); one that still holds preferences answers 409',
  tags,
  method: 'DELETE',
  path: '/api/preference-groups/:id',
  access: 'preference:manage',
  params: idParams,
  responses: { 200: message, ...errorResponses(400, 401, 403, 404, 409) },
});

export const getMyPreferences = defineContract({
  operationId: 'getMyPreferences',
  summary: 'The preferences the signed-in user picked',
  tags,
  method: 'GET',
  path: '/api/account/preferences',
  access: 'signedIn',
  responses: { 200: z.object({ preferenceIds: z.array(z.string()) }), ...errorResponses(401) },
});

export const setMyPreferences = defineContract({
  operationId: 'setMyPreferences',
  summary: 'Replace the preferences the signed-in user picked',
  tags,
  method: 'PUT',
  path: '/api/account/preferences',
  access: 'signedIn',
  body: PreferencePicksBodySchema,
  responses: {
    200: z.object({ preferenceIds: z.array(z.string()), message: z.string() }),
    ...errorResponses(400, 401),
  },
});

export const getEstablishmentAudience = defineContract({
  operationId: 'getEstablishmentAudience',
  summary: 'How many followers and devices a send with these preferences reaches (compose, live)',
  tags,
  method: 'GET',
  path: '/api/establishments/:id/audience',
  access: 'notificationPost:create',
  // Its id or public id, as the send it prepares.
  params: EstablishmentRefParamsSchema,
  query: AudienceQuerySchema,
  responses: { 200: AudienceSchema, ...errorResponses(400, 401, 403, 404) },
});
