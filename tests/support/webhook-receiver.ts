/**
 * A webhook receiver for tests: HTTPS on 127.0.0.1 with the tests' certificate, answering each call
 * with the next status of a script (then 200), and checking each call's signature with the
 * Standard Webhooks reference library (`standardwebhooks`), an implementation independent of ours.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { selfSignedCertificate } from './push-service/certificate';

export interface ReceivedCall {
  id: string;
  timestamp: string;
  /** Whether the reference library verified the signature with the secret last given. */
  verified: boolean;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  status: number;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  caFile: string;
  calls: ReceivedCall[];
  /** The signing secret to verify with (shown once by the API). */
  secret: string | undefined;
  /** Several webhooks calling one receiver: the secret of the establishment a call is about. */
  secretOf: Map<string, string>;
  /** Answer the next calls with these statuses, in order (then 200). */
  answer(...statuses: number[]): void;
  /** Keep the next call's answer back (the caller waits) until `release()`; counted as a call. */
  holdNext(): void;
  release(): void;
  /** Forget the calls and the script. */
  reset(): void;
  /** Calls of one event type. */
  callsOf(type: string): ReceivedCall[];
  /** Wait until `n` calls of the type arrived. */
  waitFor(type: string, n?: number, timeoutMs?: number): Promise<ReceivedCall[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const { key, cert, caFile } = await selfSignedCertificate();
  const script: number[] = [];
  let holdNext = false;
  const held: (() => void)[] = [];
  const receiver = {
    calls: [] as ReceivedCall[],
    secret: undefined as string | undefined,
    secretOf: new Map<string, string>(),
  } as WebhookReceiver;
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      const parsed = JSON.parse(raw) as ReceivedCall['body'];
      const secret = receiver.secretOf.get(String(parsed.data?.establishmentId)) ?? receiver.secret;
      try {
        if (secret) new Webhook(secret).verify(raw, headers);
        verified = secret !== undefined;
      } catch {
        verified = false;
      }
      const status = script.shift() ?? 200;
      receiver.calls.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        verified,
        body: parsed,
        status,
        at: Date.now(),
      });
      const answer = () => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'thanks' : `failed with ${status}`);
      };
      if (!holdNext) return answer();
      holdNext = false;
      held.push(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `https://127.0.0.1:${port}/hooks/broadcast`;
  receiver.caFile = caFile;
  receiver.answer = (...statuses) => script.push(...statuses);
  receiver.holdNext = () => {
    holdNext = true;
  };
  receiver.release = () => {
    for (const answer of held.splice(0)) answer();
  };
  receiver.reset = () => {
    script.length = 0;
    receiver.calls.length = 0;
  };
  receiver.callsOf = (type) => receiver.calls.filter((call) => call.body.type === type);
  receiver.waitFor = async (type, n = 1, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    while (receiver.callsOf(type).length < n) {
      if (Date.now() > until)
        throw new Error(
          `${n} call(s) of ${type} expected, got ${JSON.stringify(receiver.calls.map((c) => c.body.type))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return receiver.callsOf(type);
  };
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
