import {
  ApiKeyListSchema,
  ApiKeyParamsSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
  RevokedApiKeySchema,
} from '../schemas/api-key.schema';
import { defineContract, errorResponses } from './contract';

/**
 * An establishment's API keys: for tills, web shops and booking systems. Managed by who
 * manages the establishment; a key itself cannot manage keys.
 */

const tags = ['api-keys'] as const;

const EstablishmentParamsSchema = ApiKeyParamsSchema.pick({ id: true });

export const listApiKeys = defineContract({
  operationId: 'listApiKeys',
  summary: "An establishment's API keys, newest first, revoked ones too (never the keys themselves)",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/api-keys',
  access: 'apiKey:manage',
  params: EstablishmentParamsSchema,
  responses: { 200: ApiKeyListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const createApiKey = defineContract({
  operationId: 'createApiKey',
  summary:
    'Create an API key for an establishment: its name and scopes (send, read:stats, read:followers). The answer holds the key, shown this once: only its SHA-256 is stored.',
  description:
    'Call the operations marked with the `apiKey` security scheme with `Authorization: Bearer bk_…`. A key acts on its own establishment only, within its scopes; what it sends is posted under the name of who created it.',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/api-keys',
  access: 'apiKey:manage',
  params: EstablishmentParamsSchema,
  body: CreateApiKeyBodySchema,
  responses: { 201: CreatedApiKeySchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const revokeApiKey = defineContract({
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key: from now on it is refused (401). It stays in the list, marked revoked.',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/api-keys/:keyId/revoke',
  access: 'apiKey:manage',
  params: ApiKeyParamsSchema,
  responses: { 200: RevokedApiKeySchema, ...errorResponses(400, 401, 403, 404) },
});
