import { stdSerializers } from 'pino';

/**
 * What logs must never carry: the values of SQL statements (a user's email, a password hash, a
 * token's hash) and the secret part of links (verification and reset tokens). Used as the
 * logger's serializers, so every `log.x({ err })` and every request line goes through them.
 */

/** Properties of database errors (pg, PGlite, Drizzle) that hold the statement's values. */
const VALUE_KEYS = new Set([
  'params',
  'parameters',
  'values',
  'detail',
  'where',
  'internalQuery',
  'queryOptions',
]);

/** Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>". */
const FAILED_QUERY = /^(Failed query: [\s\S]*?)\nparams: [\s\S]*$/;

const MAX_CAUSES = 8;

function scrubMessage(message: string, code: unknown): string {
  const withoutParams = FAILED_QUERY.exec(message)?.[1] ?? message;
  // PostgreSQL's data exceptions (class 22) quote the value they refused:
  // `invalid input syntax for type uuid: "..."`.
  if (typeof code === 'string' && code.startsWith('22')) return withoutParams.replace(/: ".*"$/s, ': "…"');
  return withoutParams;
}

/** A copy of an error (and its causes) without the values of the SQL statement that failed. */
export function scrubError<T>(error: T, depth = 0): T {
  if (!(error instanceof Error) || depth > MAX_CAUSES) return error;
  const source = error as Error & Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  const message = scrubMessage(String(source.message ?? ''), source.code);
  const frames = (source.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const hidden = (value: unknown) => ({ value, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, 'message', hidden(message));
  Object.defineProperty(copy, 'stack', hidden([`${source.name}: ${message}`, ...frames].join('\n')));
  for (const key of Object.keys(source)) {
    if (VALUE_KEYS.has(key) || key === 'cause') continue;
    const value = source[key];
    copy[key] = value instanceof Error ? scrubError(value, depth + 1) : value;
  }
  if (source.cause !== undefined)
    Object.defineProperty(copy, 'cause', hidden(scrubError(source.cause, depth + 1)));
  if (Array.isArray(source.errors)) copy.errors = source.errors.map((e) => scrubError(e, depth + 1));
  return copy as T;
}

/**
 * Path segments that are secrets: /verify/<token>, /newpassword/<token>, and the links of
 * notification emails (/unsubscribe/<token>, /api/email/open/<token>, /api/email/unsubscribe/<token>).
 */
const SECRET_PATHS = /^\/(verify|newpassword|unsubscribe|api\/email\/open|api\/email\/unsubscribe)\/[^/?#]+/i;

/** A path with the tokens of links replaced: what logs and page views may keep. */
export const scrubPath = (pathname: string) => pathname.replace(SECRET_PATHS, '/$1/[token]');

/** A request URL as logs may show it: tokens of links replaced, query values left out. */
export function scrubUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const safePath = scrubPath(pathname);
  if (query === undefined) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=…`);
  return keys.length > 0 ? `${safePath}?${keys.join('&')}` : safePath;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
}

/** The logger's serializers: `err` without SQL values, `req` without secrets in its URL. */
export const logSerializers = {
  err: (error: unknown) => stdSerializers.err(scrubError(error) as Error),
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: scrubUrl(request.url ?? ''),
    remoteAddress: request.ip,
  }),
};
