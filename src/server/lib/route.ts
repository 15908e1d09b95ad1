import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type {
  BodyOf,
  Contract,
  HeadersOf,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '../../shared/contracts/contract';

/** The request a contract's handler receives: params, query, body and headers validated by its schemas. */
export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: ParamsOf<C>;
  Querystring: QueryOf<C>;
  Body: BodyOf<C>;
  Headers: HeadersOf<C>;
}>;

export interface RouteOptions<C extends Contract> {
  /** Server-only settings of the route, such as its rate limit. */
  config?: Omit<FastifyContextConfig, 'access' | 'operationId' | 'apiKey'>;
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** Answers the contract's success body (the status set on `reply` when not 200), or sends on `reply` itself. */
  handler: (request: ContractRequest<C>, reply: FastifyReply) => Promise<ResponseOf<C> | FastifyReply>;
}

/**
 * Register the route a contract declares: its schemas (validation, serialization and /api/docs), its
 * access (checked in onRequest by plugins/access.plugin.ts), whether an API key with which scope may
 * call it (the contract's `apiKey`: auth.plugin.ts refuses keys everywhere else) and its handler.
 */
export function route<C extends Contract>(
  root: FastifyInstance,
  contract: C,
  options: RouteOptions<C>,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { access } = contract;
  const protectedRoute = access !== 'public' && access !== 'optionalSignIn';
  app.route({
    method: contract.method,
    url: contract.path,
    config: {
      ...options.config,
      operationId: contract.operationId,
      ...(protectedRoute ? { access } : {}),
      ...(protectedRoute && contract.apiKey ? { apiKey: contract.apiKey } : {}),
    },
    ...(access === 'optionalSignIn'
      ? {
          // A token, when sent, must be valid; without one the caller is a guest.
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            if (request.headers.authorization) await root.authenticate(request, reply);
          },
        }
      : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    schema: {
      operationId: contract.operationId,
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      tags: [...contract.tags],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(contract.consumes ? { consumes: [...contract.consumes] } : {}),
      response: contract.responses,
    },
    handler: options.handler as never,
  });
}
