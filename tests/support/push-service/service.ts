import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import http2, { type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { selfSignedCertificate } from './certificate';
import { b64url, normalizeKey, Refusal, reason } from './common';
import { decryptAes128gcm } from './encryption';
import type {
  PushService,
  PushServiceOptions,
  PushServiceStats,
  ReceivedMessage,
  RequestRecord,
  ScriptedAnswer,
} from './types';
import { type Claims, checkClaims, parseAuthorization, verifyToken } from './vapid';

// The service

/** RFC 8030 section 7.2: a push service must accept at least 4096 bytes and may refuse more. */
const MAX_BODY = 4096;

interface Endpoint {
  ecdh: ECDH;
  auth: Buffer;
}

const PUSH_PATH = '/push/';
const TOKEN_CACHE_LIMIT = 10_000;

const emptyStats = (): PushServiceStats => ({
  accepted: 0,
  refused: 0,
  requests: 0,
  firstAt: null,
  lastAt: null,
  firstByTopic: {},
});

export async function startPushService(options: PushServiceOptions = {}): Promise<PushService> {
  const decrypt = options.decrypt ?? true;
  const expectedKey = options.vapidPublicKey ? normalizeKey(options.vapidPublicKey) : undefined;
  const { key, cert, caFile } = await selfSignedCertificate();

  const endpoints = new Map<string, Endpoint>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  /** Answers given to every request, per endpoint or (forAll) to each endpoint, after the scripts. */
  const standing = new Map<string, ScriptedAnswer>();
  let forAll: ScriptedAnswer | null = null;
  const expired = new Set<string>();
  const received: ReceivedMessage[] = [];
  const records: RequestRecord[] = [];
  const tokens = new Map<string, Claims | Refusal>();
  const waiters = new Set<() => void>();
  /** Requests being held by a scripted delay right now. */
  let held = 0;
  let stats = emptyStats();
  let origin = '';

  /** The verified claims of a token, checking its signature once per distinct (token, key). */
  function claimsOf(authorization: string | undefined): Claims {
    const { token, key: k } = parseAuthorization(authorization);
    if (expectedKey && normalizeKey(k) !== expectedKey) {
      throw new Refusal(403, 'k is not the applicationServerKey of this subscription');
    }
    const cacheKey = `${token} ${k}`;
    let cached = tokens.get(cacheKey);
    if (!cached) {
      try {
        cached = verifyToken(token, k);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        cached = error;
      }
      if (tokens.size >= TOKEN_CACHE_LIMIT) tokens.clear();
      tokens.set(cacheKey, cached);
    }
    if (cached instanceof Refusal) throw cached;
    checkClaims(cached, origin);
    return cached;
  }

  function count(status: number | 'reset', at: number) {
    stats.requests++;
    if (status === 201) stats.accepted++;
    else stats.refused++;
    stats.firstAt ??= at;
    stats.lastAt = at;
  }

  function answer(
    response: Http2ServerResponse,
    endpoint: string,
    at: number,
    status: number,
    extra: { retryAfter?: number; error?: string; location?: string; ttl?: number } = {},
  ) {
    count(status, at);
    if (decrypt) {
      records.push({
        endpoint,
        status,
        at,
        ...(extra.retryAfter !== undefined ? { retryAfter: extra.retryAfter } : {}),
        ...(extra.error ? { error: extra.error } : {}),
      });
    }
    if (response.destroyed || response.headersSent) return;
    if (extra.retryAfter !== undefined) response.setHeader('retry-after', String(extra.retryAfter));
    if (status === 201) {
      if (extra.location) response.setHeader('location', extra.location);
      if (extra.ttl !== undefined) response.setHeader('ttl', String(extra.ttl));
      response.writeHead(201);
      response.end();
      return;
    }
    const body = JSON.stringify({ code: status, error: reason(status), message: extra.error });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  }

  function reset(request: Http2ServerRequest, endpoint: string, at: number) {
    count('reset', at);
    if (decrypt) records.push({ endpoint, status: 'reset', at });
    if (request.httpVersionMajor >= 2) request.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    else (request.socket as Socket).destroy();
  }

  async function readBody(request: Http2ServerRequest): Promise<{ body: Buffer; size: number }> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (decrypt && size <= MAX_BODY) chunks.push(chunk);
    }
    return { body: decrypt ? Buffer.concat(chunks) : Buffer.alloc(0), size };
  }

  async function handlePush(request: Http2ServerRequest, response: Http2ServerResponse, endpoint: string) {
    const at = Date.now();
    const scripted = scripts.get(endpoint)?.shift() ?? standing.get(endpoint) ?? forAll ?? undefined;
    const subscription = endpoints.get(endpoint);
    const known = !decrypt || subscription !== undefined;

    if (request.method !== 'POST') {
      await readBody(request);
      return answer(response, endpoint, at, 405, { error: 'Send a message with POST' });
    }
    if (scripted && 'delayMs' in scripted) {
      held++;
      await new Promise((r) => setTimeout(r, scripted.delayMs)).finally(() => held--);
    }
    if (scripted && 'reset' in scripted) return reset(request, endpoint, at);
    const { body, size } = await readBody(request);
    // The sender went away mid-request (a crash): nothing was delivered. (HTTP/1.1 requests have no stream.)
    if (request.aborted || request.stream?.destroyed) return reset(request, endpoint, at);
    if (scripted && 'status' in scripted && scripted.status !== undefined && scripted.status !== 201) {
      const retryAfter = 'retryAfter' in scripted ? scripted.retryAfter : undefined;
      return answer(response, endpoint, at, scripted.status, {
        error: ('error' in scripted && scripted.error) || 'Scripted answer',
        ...(retryAfter !== undefined ? { retryAfter } : {}),
      });
    }
    if (!known) return answer(response, endpoint, at, 404, { error: 'No such subscription' });
    if (expired.has(endpoint))
      return answer(response, endpoint, at, 410, { error: 'The subscription has expired' });
    if (size > MAX_BODY) {
      return answer(response, endpoint, at, 413, { error: `The body is ${size} bytes; at most ${MAX_BODY}` });
    }
    try {
      const claims = claimsOf(request.headers.authorization);
      const ttlHeader = request.headers.ttl;
      if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader.trim())) {
        throw new Refusal(400, 'A TTL header (seconds) is required');
      }
      const ttl = Number(ttlHeader);
      if (size > 0 && request.headers['content-encoding']?.toLowerCase() !== 'aes128gcm') {
        throw new Refusal(400, 'Content-Encoding must be aes128gcm');
      }
      const urgency = (request.headers.urgency as string | undefined) ?? null;
      if (urgency !== null && !['very-low', 'low', 'normal', 'high'].includes(urgency)) {
        throw new Refusal(400, 'Urgency must be very-low, low, normal or high');
      }
      const topic = (request.headers.topic as string | undefined) ?? null;
      if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) {
        throw new Refusal(400, 'Topic must be at most 32 base64url characters');
      }
      const id = decrypt ? b64url(randomBytes(12)) : 'm';
      if (decrypt && subscription) {
        const plain =
          size > 0 ? decryptAes128gcm(body, subscription.ecdh, subscription.auth).toString('utf8') : '';
        let json: unknown = null;
        try {
          json = JSON.parse(plain);
        } catch {}
        received.push({ endpoint, body: plain, json, ttl, urgency, topic, vapid: { ...claims }, at });
        for (const wake of waiters) wake();
      }
      if (topic !== null) stats.firstByTopic[topic] ??= at;
      answer(response, endpoint, at, 201, { location: `${origin}/message/${id}`, ttl });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      answer(response, endpoint, at, error.status, { error: error.message });
    }
  }

  function handle(request: Http2ServerRequest, response: Http2ServerResponse) {
    const url = request.url ?? '/';
    const pathname = url.split('?')[0]!;
    if (pathname.startsWith(PUSH_PATH)) {
      handlePush(request, response, `${origin}${pathname}`).catch((error: unknown) => {
        if (!response.headersSent && !response.destroyed) {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ code: 500, error: String(error) }));
        }
      });
      return;
    }
    if (pathname === '/_stats' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(stats));
      return;
    }
    if (pathname === '/_stats/reset' && request.method === 'POST') {
      service.resetStats();
      response.writeHead(204);
      response.end();
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 404, error: 'Not Found' }));
  }

  const server = http2.createSecureServer({ key, cert, allowHTTP1: true, maxSessionMemory: 64 }, handle);
  const sessions = new Set<Http2Session>();
  const sockets = new Set<Socket>();
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    // A sender killed mid-request (the crash tests) resets its connection; unheard, the session's
    // error would end the test process.
    session.on('error', () => {});
    session.on('close', () => sessions.delete(session));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;

  const service: PushService = {
    origin,
    caFile,
    caPem: cert,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}${PUSH_PATH}${b64url(randomBytes(24))}`;
      endpoints.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    respond(endpoint, ...answers) {
      scripts.set(endpoint, [...(scripts.get(endpoint) ?? []), ...answers]);
    },
    respondAlways(endpoint, answer) {
      if (answer) standing.set(endpoint, answer);
      else standing.delete(endpoint);
    },
    respondToAll(answer) {
      forAll = answer;
    },
    messages: (endpoint) => received.filter((m) => !endpoint || m.endpoint === endpoint),
    requests: (endpoint) => records.filter((r) => !endpoint || r.endpoint === endpoint),
    held: () => held,
    async waitForMessages(wanted, timeoutMs = 10_000) {
      if (received.length >= wanted) return [...received];
      return new Promise<ReceivedMessage[]>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => {
          if (received.length < wanted) return;
          done();
          resolve([...received]);
        };
        const timer = setTimeout(() => {
          done();
          const refused = records.filter((r) => r.status !== 201).slice(-5);
          reject(
            new Error(
              `The push service received ${received.length} of ${wanted} messages within ${timeoutMs} ms` +
                (refused.length ? `; last refusals: ${JSON.stringify(refused)}` : ''),
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    expire(endpoint) {
      expired.add(endpoint);
    },
    stats: () => ({ ...stats, firstByTopic: { ...stats.firstByTopic } }),
    resetStats() {
      stats = emptyStats();
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.destroy();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
  return service;
}
