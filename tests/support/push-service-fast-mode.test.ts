import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { startPushService } from './push-service';
import { inAnHour, jwt, send, service, setupPushService, subject, vapid } from './push-service-senders';

setupPushService();

describe('local push service, fast mode', () => {
  it('accepts any /push/ endpoint, still checks the token, and counts, the first per Topic too', async () => {
    const fast = await startPushService({ decrypt: false });
    const fastAgent = new https.Agent({ ca: fast.caPem, keepAlive: true });
    try {
      const keys = service.subscribe().keys; // any valid P-256 key: the fast service does not decrypt
      const subscription = { endpoint: `${fast.origin}/push/bench-1`, keys };
      for (let i = 0; i < 5; i++)
        expect(
          (await send(subscription, `m${i}`, { agent: fastAgent, topic: i < 2 ? 'early' : 'late' })).status,
        ).toBe(201);
      const wrongAud = { endpoint: `${fast.origin}/push/bench-2`, keys };
      const token = jwt({ aud: 'https://elsewhere.example', sub: subject, exp: inAnHour() });
      const refused = await new Promise<number>((resolve, reject) => {
        const request = https.request(
          wrongAud.endpoint,
          {
            method: 'POST',
            agent: fastAgent,
            headers: { TTL: '60', Authorization: `vapid t=${token}, k=${vapid.publicKey}` },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(refused).toBe(401);

      const stats = await new Promise<Record<string, unknown>>((resolve, reject) => {
        https
          .get(`${fast.origin}/_stats`, { agent: fastAgent }, (response) => {
            let body = '';
            response.on('data', (chunk) => {
              body += chunk;
            });
            response.on('end', () => resolve(JSON.parse(body)));
          })
          .on('error', reject);
      });
      expect(stats).toMatchObject({ accepted: 5, refused: 1, requests: 6 });
      expect(stats.lastAt as number).toBeGreaterThanOrEqual(stats.firstAt as number);
      const firstByTopic = stats.firstByTopic as Record<string, number>;
      expect(Object.keys(firstByTopic).sort()).toEqual(['early', 'late']);
      expect(firstByTopic.early).toBe(stats.firstAt);
      expect(firstByTopic.late).toBeGreaterThanOrEqual(firstByTopic.early as number);
      expect(fast.messages()).toEqual([]);
      fast.resetStats();
      expect(fast.stats()).toEqual({
        accepted: 0,
        refused: 0,
        requests: 0,
        firstAt: null,
        lastAt: null,
        firstByTopic: {},
      });
    } finally {
      fastAgent.destroy();
      await fast.close();
    }
  });
});
