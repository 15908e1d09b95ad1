import type { z } from 'zod';
import { ErrorBodySchema } from '../errors';
import type { ApiKeyScope, Right } from '../permissions';

/**
 * One endpoint, declared once: the server registers its route from it (src/server/lib/route.ts) and
 * the web calls it through `callApi` (src/web/lib/call-api.ts), so no path or answer is typed twice.
 */

/** Who may call it: anyone; anyone, signed in or not (a token, when sent, is checked); any signed-in user; or a role that may hold the right. */
export type ContractAccess = 'public' | 'optionalSignIn' | 'signedIn' | Right;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = z.ZodType;

export interface Contract {
  /** Unique, camelCase: the OpenAPI operationId. */
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  method: HttpMethod;
  /** Fastify syntax: `/api/establishments/:id`. */
  path: string;
  access: ContractAccess;
  /**
   * An establishment's API key with this scope may call it too, on its own establishment
   * only; every route without it refuses keys. /api/docs lists the key scheme on these operations.
   */
  apiKey?: ApiKeyScope;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  headers?: Schema;
  /** `multipart/form-data` for uploads: the body is read by the handler, not declared. */
  consumes?: readonly string[];
  /** Each answer by status; error answers are ErrorBodySchema. */
  responses: Readonly<Record<number, Schema>>;
}

/** Declare an endpoint; keeps the literal types the server and the web infer from. */
export const defineContract = <const C extends Contract>(contract: C): C => contract;

/** The error answers most routes may give, as response schemas. */
export const errorResponses = <const S extends readonly number[]>(...statuses: S) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as {
    [K in S[number]]: typeof ErrorBodySchema;
  };

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What the handler receives, after validation. */
export type ParamsOf<C extends Contract> = Infer<C['params']>;
export type QueryOf<C extends Contract> = Infer<C['query']>;
export type BodyOf<C extends Contract> = Infer<C['body']>;
export type HeadersOf<C extends Contract> = Infer<C['headers']>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The success answer(s) of a contract, as the server returns and the web receives them. */
export type ResponseOf<C extends Contract> = {
  [K in keyof C['responses']]: K extends SuccessStatus ? z.output<C['responses'][K]> : never;
}[keyof C['responses']];

type Part<K extends string, T> = T extends z.ZodType
  ? undefined extends z.input<T>
    ? { [P in K]?: z.input<T> }
    : // biome-ignore lint/complexity/noBannedTypes: "every field optional" is exactly `{} extends`.
      {} extends z.input<T>
      ? { [P in K]?: z.input<T> }
      : { [P in K]: z.input<T> }
  : { [P in K]?: undefined };

/** What a caller sends: params, query and body, each required when the contract declares it. */
export type InputOf<C extends Contract> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']> &
  Part<'headers', C['headers']>;
