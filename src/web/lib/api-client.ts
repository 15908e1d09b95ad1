import { ErrorCode } from '../../shared/error-codes';
import type { ErrorBody } from '../../shared/errors';
import { ACCESS_TOKEN_KEY } from './storage-keys';
import { deviceTimeZoneHeaders } from './time-zones';

/** An error answer of the API, with its stable code and field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on any 401 answer: the session layer clears the session and logs out (spec section 8). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type EmailNotVerifiedListener = () => void;
const emailNotVerifiedListeners = new Set<EmailNotVerifiedListener>();

/** Called on any 403 EMAIL_NOT_VERIFIED answer: the app sends the user to /waiting. */
export function onEmailNotVerified(listener: EmailNotVerifiedListener): () => void {
  emailNotVerifiedListeners.add(listener);
  return () => emailNotVerifiedListeners.delete(listener);
}

export const getToken = () => localStorage.getItem(ACCESS_TOKEN_KEY);

/**
 * Call the API with the stored bearer token and the device's time zone (X-Time-Zone: sends at each
 * follower's local time go by it); JSON in, JSON out, errors as ApiError.
 */
export async function api<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...deviceTimeZoneHeaders(),
    ...options.headers,
  };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (!response.ok) {
    if (response.status === 401 && token) for (const listener of unauthorizedListeners) listener();
    if (response.status === 403 && data?.code === ErrorCode.EMAIL_NOT_VERIFIED)
      for (const listener of emailNotVerifiedListeners) listener();
    throw new ApiError(
      response.status,
      data?.code ?? 'INTERNAL',
      data?.error ?? 'Something went wrong on our side. Please try again.',
      data?.fields ?? {},
    );
  }
  return data as T;
}
