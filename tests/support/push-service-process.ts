import { startPushService } from './push-service';

/**
 * The local push service in fast mode, as a process of its own (for the benchmark, so that the
 * push service does not share an event loop with the application it measures).
 *
 *   tsx tests/support/push-service-process.ts [--vapid-public-key <key>] [--port <port>]
 *
 * Prints one JSON line `{"origin":"https://127.0.0.1:PORT","caFile":"/tmp/.../ca.pem"}` once it
 * listens. Any https://127.0.0.1:PORT/push/<anything> is an endpoint: the VAPID token (cached) and
 * the headers are checked, the body is counted, not decrypted. On the same origin:
 *   GET  /_stats       -> { accepted, refused, requests, firstAt, lastAt }
 *   POST /_stats/reset -> 204
 * Stops on SIGTERM, SIGINT or when stdin closes (its parent went away).
 */
function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const vapidPublicKey = argument('vapid-public-key') ?? process.env.VAPID_PUBLIC_KEY;
const port = Number(argument('port') ?? 0);
const service = await startPushService({
  decrypt: false,
  port,
  ...(vapidPublicKey ? { vapidPublicKey } : {}),
});
process.stdout.write(`${JSON.stringify({ origin: service.origin, caFile: service.caFile })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await service.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (!process.stdin.isTTY) {
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
}
