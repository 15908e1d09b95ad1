/** What the local web push service (tests/support/push-service.ts) offers and records. */

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
  /** ms since epoch of the first message accepted per Topic header (a notification's id, as we send it). */
  firstByTopic: Record<string, number>;
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
  /** From now on, this answer to every request to this endpoint (after its scripted ones); null: stop. */
  respondAlways(endpoint: string, answer: ScriptedAnswer | null): void;
  /** From now on, this answer to every request to any endpoint without a script of its own; null: stop. */
  respondToAll(answer: ScriptedAnswer | null): void;
  /** Accepted messages, oldest first (every endpoint when none is given). */
  messages(endpoint?: string): ReceivedMessage[];
  /** Every request to a push endpoint and how it was answered, oldest first. */
  requests(endpoint?: string): RequestRecord[];
  /** Requests that arrived and are being held by a scripted delay (`delayMs`) right now. */
  held(): number;
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
