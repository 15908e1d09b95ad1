import { vi } from 'vitest';

/** One request as the app sent it: method, path with query, headers and parsed JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Answer = { status?: number; body?: unknown };
type Handler = (request: SentRequest) => Answer | Promise<Answer>;

/**
 * The network edge of a web component test: replaces the global fetch with answers the test
 * declares by method and path. Unknown requests get a 404 and are listed in `unhandled`.
 */
export function fakeApi() {
  const handlers = new Map<string, Handler>();
  const requests: SentRequest[] = [];
  const unhandled: string[] = [];
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname + url.search;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const request: SentRequest = { method, path, headers: new Headers(init.headers), body };
    requests.push(request);
    const handler = handlers.get(key(method, path)) ?? handlers.get(key(method, url.pathname));
    if (!handler) unhandled.push(key(method, path));
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { code: 'NOT_FOUND', error: `No fake for ${key(method, path)}` } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });

  return {
    /** Answer `method path` (the path with or without its query) with this handler from now on. */
    on(method: string, path: string, handler: Handler | Answer) {
      handlers.set(key(method, path), typeof handler === 'function' ? handler : () => handler);
      return this;
    },
    requests,
    unhandled,
    /** The requests sent to `method path`. */
    sent(method: string, path: string) {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path.split('?')[0] === path);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
