import { execFile } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  type KeyObject,
  randomBytes,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2, { type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real web push service on loopback, for tests and the benchmark: HTTPS (HTTP/2 with HTTP/1.1
 * fallback) with a self-signed certificate, behaving as RFC 8030 (push), RFC 8292 (VAPID) and
 * RFC 8291 (aes128gcm message encryption) say. It verifies the sender's VAPID JWT, checks the
 * headers, decrypts each message with the test subscription's private key and keeps the plaintext.
 * Per endpoint, tests can script the answers (429, 410, 5xx, a reset connection, a delay...).
 */

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type ScriptedAnswer =
  | {
      status: 201 | 400 | 401 | 403 | 404 | 410 | 413 | 429 | 500 | 502 | 503;
      retryAfter?: number;
      /** The error message in the answer's JSON body, as real push services explain a refusal. */
      error?: string;
    }
  | { reset: true }
  | { delayMs: number; status?: number };

export interface ReceivedMessage {
  endpoint: string;
  /** The decrypted body, UTF-8. */
  body: string;
  /** The body parsed as JSON; null when it is not JSON. */
  json: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  at: number;
}

export interface RequestRecord {
  endpoint: string;
  status: number | 'reset';
  at: number;
  retryAfter?: number;
  /** Why a request was refused, for a failing test's message. */
  error?: string;
}

export interface PushServiceStats {
  /** Messages answered 201. */
  accepted: number;
  /** Requests answered anything else (including resets). */
  refused: number;
  requests: number;
  /** ms since epoch of the first and last request since the start or the last reset; null before any. */
  firstAt: number | null;
  lastAt: number | null;
}

export interface PushService {
  /** https://127.0.0.1:PORT: the VAPID `aud` senders must use. */
  origin: string;
  /** The self-signed certificate (its own CA), PEM, to trust: a file and its text. */
  caFile: string;
  caPem: string;
  /** A fresh P-256 key pair + 16-byte auth secret; the service keeps the private part to decrypt. */
  subscribe(): TestSubscription;
  /** Answers for the next requests to this endpoint, consumed in order; then 201 again. */
  respond(endpoint: string, ...answers: ScriptedAnswer[]): void;
  /** Accepted messages, oldest first (every endpoint when none is given). */
  messages(endpoint?: string): ReceivedMessage[];
  /** Every request to a push endpoint and how it was answered, oldest first. */
  requests(endpoint?: string): RequestRecord[];
  /** Resolves when at least `count` messages were accepted in total (every endpoint). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  /** Pretend the subscription was unsubscribed in the browser: from now on 410. */
  expire(endpoint: string): void;
  /** Counters (kept in both modes; the only record in fast mode). */
  stats(): PushServiceStats;
  resetStats(): void;
  close(): Promise<void>;
}

export interface PushServiceOptions {
  /** When set, a VAPID `k` other than this key is refused with 403 (RFC 8292 section 4.2). */
  vapidPublicKey?: string;
  /**
   * true (default): only endpoints made by subscribe() exist; each message is decrypted and kept.
   * false (fast mode, for the benchmark): any /push/* path is an endpoint; the JWT (cached) and the
   * headers are still checked, but bodies are only counted; messages() and requests() stay empty.
   */
  decrypt?: boolean;
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
}

/** RFC 8030 section 7.2: a push service must accept at least 4096 bytes and may refuse more. */
const MAX_BODY = 4096;
/** RFC 8292 section 2: a token must not expire more than 24 hours from the request. */
const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const fromB64url = (text: string) => Buffer.from(text.replace(/=+$/, ''), 'base64url');
const normalizeKey = (key: string) => key.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

// ---------------------------------------------------------------------------------------------
// Certificate: one self-signed certificate for 127.0.0.1 and localhost per process, made by openssl.

interface Certificate {
  key: string;
  cert: string;
  caFile: string;
}

let certificate: Promise<Certificate> | undefined;

function selfSignedCertificate(): Promise<Certificate> {
  certificate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const keyFile = path.join(dir, 'key.pem');
    const caFile = path.join(dir, 'ca.pem');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '7',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,digitalSignature,keyCertSign',
      '-addext',
      'extendedKeyUsage=serverAuth',
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ]);
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(caFile, 'utf8'), caFile };
  })();
  return certificate;
}

// ---------------------------------------------------------------------------------------------
// VAPID (RFC 8292)

type Claims = ReceivedMessage['vapid'];

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parse `vapid t=<jwt>, k=<key>`. */
function parseAuthorization(header: string | undefined): { token: string; key: string } {
  if (!header) throw new Refusal(401, 'Missing Authorization header');
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match) throw new Refusal(401, 'Authorization scheme must be vapid');
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Refusal(401, 'Authorization must carry t= and k=');
  return { token, key };
}

function publicKeyOf(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
      format: 'jwk',
    });
  } catch {
    throw new Refusal(401, 'k is not a point on P-256');
  }
}

/** Check the token's ES256 signature by k and the shape of its claims (not the time: see checkClaims). */
function verifyToken(token: string, key: string): Claims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(401, 'The VAPID token is not a JWT');
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  let header: { alg?: unknown; typ?: unknown };
  let payload: { aud?: unknown; sub?: unknown; exp?: unknown };
  try {
    header = JSON.parse(fromB64url(encodedHeader).toString('utf8'));
    payload = JSON.parse(fromB64url(encodedPayload).toString('utf8'));
  } catch {
    throw new Refusal(401, 'The VAPID token is not valid JSON');
  }
  if (header.alg !== 'ES256') throw new Refusal(401, 'The VAPID token must be signed with ES256');
  const signature = fromB64url(encodedSignature);
  if (signature.length !== 64) throw new Refusal(401, 'The VAPID signature must be 64 bytes');
  const valid = verify(
    'sha256',
    Buffer.from(`${encodedHeader}.${encodedPayload}`),
    { key: publicKeyOf(fromB64url(key)), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!valid) throw new Refusal(401, 'The VAPID signature does not match k');
  if (typeof payload.aud !== 'string') throw new Refusal(401, 'The VAPID token has no aud');
  if (typeof payload.exp !== 'number') throw new Refusal(401, 'The VAPID token has no exp');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Refusal(401, 'The VAPID sub must be a mailto: or https: URL');
  }
  return { aud: payload.aud, sub: payload.sub, exp: payload.exp, publicKey: normalizeKey(key) };
}

function checkClaims(claims: Claims, origin: string): void {
  if (claims.aud !== origin) throw new Refusal(401, `The VAPID aud must be ${origin}, not ${claims.aud}`);
  const now = Date.now() / 1000;
  if (claims.exp <= now) throw new Refusal(401, 'The VAPID token has expired');
  if (claims.exp > now + MAX_TOKEN_LIFETIME_SECONDS) {
    throw new Refusal(401, 'The VAPID token expires more than 24 hours from now');
  }
}

// ---------------------------------------------------------------------------------------------
// Message encryption (RFC 8291 on RFC 8188 aes128gcm)

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypt an aes128gcm body with the receiver's (user agent's) ECDH key and auth secret. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Refusal(400, 'The body is too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  if (recordSize < 18) throw new Refusal(400, 'The aes128gcm record size is too small');
  if (keyIdLength !== 65)
    throw new Refusal(400, 'The aes128gcm key id must be the sender’s 65-byte public key');
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const content = body.subarray(21 + keyIdLength);
  if (content.length === 0) throw new Refusal(400, 'The aes128gcm body has no record');

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = receiver.computeSecret(senderPublic);
  } catch {
    throw new Refusal(400, 'The sender’s key in the aes128gcm header is not a P-256 point');
  }
  const receiverPublic = receiver.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const plain: Buffer[] = [];
  const records = Math.ceil(content.length / recordSize);
  for (let seq = 0; seq < records; seq++) {
    const record = content.subarray(seq * recordSize, (seq + 1) * recordSize);
    if (record.length < 17) throw new Refusal(400, 'An aes128gcm record is too short');
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8); // seq < 2^32 here
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'The body does not decrypt with the subscription’s keys (aes128gcm)');
    }
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = seq === records - 1;
    if (end < 0 || padded[end] !== (last ? 2 : 1)) {
      throw new Refusal(400, 'An aes128gcm record has a wrong padding delimiter');
    }
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

// ---------------------------------------------------------------------------------------------
// The service

interface Endpoint {
  ecdh: ECDH;
  auth: Buffer;
}

const PUSH_PATH = '/push/';
const TOKEN_CACHE_LIMIT = 10_000;

export async function startPushService(options: PushServiceOptions = {}): Promise<PushService> {
  const decrypt = options.decrypt ?? true;
  const expectedKey = options.vapidPublicKey ? normalizeKey(options.vapidPublicKey) : undefined;
  const { key, cert, caFile } = await selfSignedCertificate();

  const endpoints = new Map<string, Endpoint>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const expired = new Set<string>();
  const received: ReceivedMessage[] = [];
  const records: RequestRecord[] = [];
  const tokens = new Map<string, Claims | Refusal>();
  const waiters = new Set<() => void>();
  let stats: PushServiceStats = { accepted: 0, refused: 0, requests: 0, firstAt: null, lastAt: null };
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
    const scripted = scripts.get(endpoint)?.shift();
    const subscription = endpoints.get(endpoint);
    const known = !decrypt || subscription !== undefined;

    if (request.method !== 'POST') {
      await readBody(request);
      return answer(response, endpoint, at, 405, { error: 'Send a message with POST' });
    }
    if (scripted && 'delayMs' in scripted) await new Promise((r) => setTimeout(r, scripted.delayMs));
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
    session.on('close', () => sessions.delete(session));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
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
    messages: (endpoint) => received.filter((m) => !endpoint || m.endpoint === endpoint),
    requests: (endpoint) => records.filter((r) => !endpoint || r.endpoint === endpoint),
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
    stats: () => ({ ...stats }),
    resetStats() {
      stats = { accepted: 0, refused: 0, requests: 0, firstAt: null, lastAt: null };
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

function reason(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      405: 'Method Not Allowed',
      410: 'Gone',
      413: 'Payload Too Large',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      502: 'Bad Gateway',
      503: 'Service Unavailable',
    }[status] ?? 'Error'
  );
}
