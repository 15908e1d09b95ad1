/**
 * A real web push service on loopback, for tests and the benchmark: HTTPS (HTTP/2 with HTTP/1.1
 * fallback) with a self-signed certificate, behaving as RFC 8030 (push), RFC 8292 (VAPID) and
 * RFC 8291 (aes128gcm message encryption) say. It verifies the sender's VAPID JWT, checks the
 * headers, decrypts each message with the test subscription's private key and keeps the plaintext.
 * Per endpoint, tests can script the answers (429, 410, 5xx, a reset connection, a delay...).
 */
export { decryptAes128gcm } from './push-service/encryption';
export { startPushService } from './push-service/service';
export type {
  PushService,
  PushServiceOptions,
  PushServiceStats,
  ReceivedMessage,
  RequestRecord,
  ScriptedAnswer,
  TestSubscription,
} from './push-service/types';
