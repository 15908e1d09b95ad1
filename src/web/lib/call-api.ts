import type { Contract, InputOf, ResponseOf } from '../../shared/contracts/contract';
import { ErrorCode } from '../../shared/error-codes';
import { Msg } from '../../shared/messages';
import { ApiError, api } from './api-client';

/** The path of a contract with its params filled in, and its query string. */
export function contractUrl(contract: Contract, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null)
      throw new Error(`${contract.operationId}: missing param ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The names of a contract path's params (`:id` -> `id`). */
const pathParams = (contract: Contract) => [...contract.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/**
 * A 400 that only names path params (`/users/not-a-uuid`: `fields.id`) is about the address, not a
 * form: no field on the screen could be highlighted. What it names does not exist, so it reads as
 * the 404 the page already shows as "not found".
 */
function asNotFound(contract: Contract, error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || error.code !== ErrorCode.VALIDATION)
    return error;
  const named = Object.keys(error.fields);
  const params = pathParams(contract);
  if (named.length === 0 || !named.every((field) => params.includes(field))) return error;
  return new ApiError(404, ErrorCode.NOT_FOUND, Msg.notFound, error.fields);
}

/**
 * Call an endpoint through its contract: the path comes from the contract, the input and the answer
 * are typed by its schemas. Errors are ApiError, as with `api`; a malformed path param is a 404.
 */
export function callApi<C extends Contract>(
  contract: C,
  input: InputOf<C>,
  options: { signal?: AbortSignal; form?: FormData } = {},
): Promise<ResponseOf<C>> {
  const { params, query, body, headers } = input as {
    params?: object;
    query?: object;
    body?: unknown;
    headers?: Record<string, string>;
  };
  return api<ResponseOf<C>>(contractUrl(contract, params, query), {
    method: contract.method,
    body,
    headers,
    ...options,
  }).catch((error: unknown) => {
    throw asNotFound(contract, error);
  });
}
