import { type Agent, request } from 'undici';
import { outboundAgent } from '../lib/outbound-agent';
import { endpointProblem, type HostPattern } from './allowed-hosts';
import { capRetryAfter, OriginThrottle } from './origin-throttle';
import type { VapidSigner } from './vapid';

/** Where a subscription's messages go, and the browser's keys to encrypt them for. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a push service's answer means for this (notification, subscription) (RFC 8030 section 8):
 * sent: accepted (201). gone: 404/410, remove the subscription. payload: 400/413, this message can
 * never be delivered. auth: 401/403, refused for this subscription, or (when its push service
 * refuses everything) our VAPID credentials: never delete; `keyMismatch` when the service says the
 * subscription was made with another application server key. retry: 429, 5xx, timeouts and
 * resets; later, not before retryAfterMs (capped) when the service says so. failed: any other
 * answer, or an endpoint we do not POST to (status null). held: not tried at all, because the whole
 * push service asked us to wait (OriginThrottle); no request was made, so it is no attempt.
 */
export type PushResult =
  | { kind: 'sent' | 'gone' | 'payload'; status: number }
  | { kind: 'failed'; status: number | null; detail?: string }
  | { kind: 'auth'; status: number; detail: string; keyMismatch: boolean }
  | { kind: 'retry'; status: number | null; retryAfterMs?: number }
  | { kind: 'held'; retryAfterMs: number };

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /**
   * RFC 8030 section 5.4: a newer message with the same topic replaces one the push service still
   * holds for an offline device (at most 32 base64url characters).
   */
  topic?: string;
}

/**
 * What push services answer when a subscription was made with another application server key
 * (FCM: "...does not correspond to the sender ID...", Apple: VapidPkHashMismatch, ours in tests).
 */
const KEY_MISMATCH = /does not correspond|VapidPkHashMismatch|applicationServerKey|key mismatch/i;

/** How long a request may take before it counts as a timeout (and is retried later). */
const REQUEST_TIMEOUT_MS = 15_000;

/** Retry-After is seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function classify(status: number, retryAfterMs?: number): PushResult {
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 400 || status === 413) return { kind: 'payload', status };
  if (status === 401 || status === 403) return { kind: 'auth', status, detail: '', keyMismatch: false };
  if (status === 429 || status >= 500)
    return { kind: 'retry', status, retryAfterMs: capRetryAfter(retryAfterMs) };
  return { kind: 'failed', status };
}

/**
 * Sends encrypted web push messages over kept-alive connections (HTTP/2 where the push service
 * offers it), with a cached VAPID token per push service, and holds back every message to a push
 * service while it answers most of its endpoints with 429 (OriginThrottle).
 */
export class PushSender {
  private readonly agent: Agent;
  readonly throttle = new OriginThrottle();
  /** Told how long each POST took, by push service origin (the process's metrics). */
  observeLatency?: (origin: string, seconds: number) => void;
  /** Told when a push service answering mostly 429 makes every message to it wait. */
  onOriginPaused?: (origin: string, ms: number) => void;
  /** Resolves when one more request to this origin is within its rate limit (OriginRateLimiter). */
  rateLimit?: (origin: string) => Promise<void>;

  constructor(
    private readonly signer: VapidSigner,
    private readonly allowedHosts: HostPattern[],
    options: { caFile?: string; connectionsPerOrigin?: number } = {},
  ) {
    this.agent = outboundAgent({
      connectTimeoutMs: 10_000,
      caFile: options.caFile,
      allowH2: true,
      connections: options.connectionsPerOrigin ?? 16,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 600_000,
    });
  }

  /** POST one encrypted message (RFC 8030 section 5) to a subscription's endpoint. */
  async post(endpoint: string, body: Buffer, options: PushOptions): Promise<PushResult> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return { kind: 'gone', status: 404 };
    }
    // Checked again here: the allowed hosts may have changed since the subscription was stored.
    const problem = endpointProblem(endpoint, this.allowedHosts);
    if (problem) return { kind: 'failed', status: null, detail: problem };
    // Not tried: no request, so no attempt (the caller keeps the delivery waiting).
    const wait = this.throttle.pausedFor(url.origin);
    if (wait > 0) return { kind: 'held', retryAfterMs: wait };
    await this.rateLimit?.(url.origin);
    const authorization = await this.signer.authorization(url.origin);
    const started = performance.now();
    let observed = false;
    const observe = () => {
      if (!observed) this.observeLatency?.(url.origin, (performance.now() - started) / 1000);
      observed = true;
    };
    try {
      const response = await request(url, {
        dispatcher: this.agent,
        method: 'POST',
        headers: {
          authorization,
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(options.ttl),
          urgency: options.urgency,
          ...(options.topic ? { topic: options.topic } : {}),
        },
        body,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      });
      observe();
      const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      const result = classify(response.statusCode, retryAfterMs);
      if (this.throttle.answered(url.origin, endpoint, response.statusCode === 429, retryAfterMs)) {
        this.onOriginPaused?.(url.origin, this.throttle.pausedFor(url.origin));
      }
      if (result.kind === 'auth') {
        const detail = (await response.body.text().catch(() => '')).slice(0, 300);
        return { ...result, detail, keyMismatch: KEY_MISMATCH.test(detail) };
      }
      await response.body.dump();
      return result;
    } catch (error) {
      observe();
      // A name that resolves inside our network will not get better by trying again.
      const cause = (error as { cause?: { code?: string } }).cause;
      if ((error as { code?: string }).code === 'EPUSHINTERNAL' || cause?.code === 'EPUSHINTERNAL') {
        return { kind: 'failed', status: null, detail: String((error as Error).message) };
      }
      // Timeouts, resets and refused connections: the push service may be back later.
      return { kind: 'retry', status: null };
    }
  }

  close() {
    return this.agent.close();
  }
}
