import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { webhooksDocument } from './modules/webhooks/webhooks-openapi';

/**
 * The OpenAPI document (built from the routes' zod schemas) and its page at /api/docs. Registered
 * before the routes, so that every route registered after it is in the document.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      // 3.1: the document describes the calls webhooks receive too (`webhooks`).
      openapi: '3.1.0',
      webhooks: webhooksDocument(),
      info: {
        title: 'Broadcast API',
        version: '1.0.0',
        description: 'Notification broadcast service for businesses.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // An establishment's API key: operations that take one name its scope in `x-api-key-scope`.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bk_…',
            description:
              "An establishment's API key, created on its Integrations tab: `Authorization: Bearer bk_…`. It acts on its own establishment only, within its scopes (send, read:stats, read:followers); the operations that accept it say which scope they need.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
