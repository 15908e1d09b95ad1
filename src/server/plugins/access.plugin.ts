import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Right } from '../../shared/permissions';
import { authorizeHolding } from '../lib/authorize';
import { actorOf } from './auth.plugin';

/** Who may call a route: any signed-in user, or one whose role can hold the right. */
export type Access = 'signedIn' | Right;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route that needs a signed-in caller; checked in onRequest (see accessPlugin). */
    access?: Access;
    /** The operationId of the contract the route was registered from (src/server/lib/route.ts). */
    operationId?: string;
  }
  interface FastifyInstance {
    /** Each protected route's access, by "METHOD /path": the docs and the tests read it. */
    routeAccess: Map<string, Access>;
    /** Every route by "METHOD /path", with the operationId of its contract when it has one. */
    routeContracts: Map<string, string | undefined>;
  }
}

const describe = (access: Access) =>
  access === 'signedIn' ? 'any signed-in user' : `a signed-in user whose role may hold \`${access}\``;

const describeKey = (scope: string) =>
  `Also an API key of the establishment with the \`${scope}\` scope (\`Authorization: Bearer bk_…\`), on its own establishment only.`;

/**
 * Routes declaring `config.access` authenticate and check the role-level right in onRequest, before
 * the body is parsed or validated: a guest gets 401 and a customer on an admin route 403 whatever
 * they sent. The resource-level half of can() (this establishment, this post) stays in the
 * services, which know the resource.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const routeAccess = new Map<string, Access>();
  const routeContracts = new Map<string, string | undefined>();
  app.decorate('routeAccess', routeAccess);
  app.decorate('routeContracts', routeContracts);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeContracts.set(`${method} ${route.url}`, route.config?.operationId);
    }
    const access = route.config?.access;
    if (!access) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeAccess.set(`${method} ${route.url}`, access);
    }
    // The docs say who may call it, from the same declaration; routes that take API keys say which scope.
    const keyScope = route.config?.apiKey;
    route.schema = {
      ...route.schema,
      security: keyScope ? [{ bearerAuth: [] }, { apiKey: [] }] : [{ bearerAuth: [] }],
      ...(keyScope ? { 'x-api-key-scope': keyScope } : {}),
      description: [
        route.schema?.description,
        `Who may call it: ${describe(access)}.`,
        keyScope ? describeKey(keyScope) : undefined,
      ]
        .filter(Boolean)
        .join('\n\n'),
    };
    const check: onRequestHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (access !== 'signedIn') authorizeHolding(actorOf(request), access);
    };
    // First among the route's onRequest hooks: whatever runs next knows the caller.
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
});
