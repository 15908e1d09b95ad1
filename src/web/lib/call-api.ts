import type { Contract, InputOf, ResponseOf } from '../../shared/contracts/contract';
import { api } from './api-client';

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

/**
 * Call an endpoint through its contract: the path comes from the contract, the input and the answer
 * are typed by its schemas. Errors are ApiError, as with `api`.
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
  });
}
