import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/server/modules/account/admin-bootstrap';
import { Msg } from '../../src/shared/messages';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Heavy exports do not starve everyone else: with EXPORT_CONCURRENCY=1, an export
 * holds its slot for as long as its client downloads; another admin's export waits for it, and
 * starts once it ends (here: the first client gives up); the same admin's second export is refused
 * with 429; the rest of the server answers meanwhile. On a real listening server: the slot lives as
 * long as the socket's download.
 */
let t: TestApp;
let origin: string;
const tokens: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ EXPORT_CONCURRENCY: '1', WORKERS: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Enough rows that a download not read stays open (megabytes, beyond the sockets' buffers).
  await t.ctx.database.sql.executeSql(
    `INSERT INTO users (email, password_hash, first_name, last_name, role)
     SELECT 'row' || g || '@slots.test', 'x', 'Row', 'Number ' || g, 'customer' FROM generate_series(1, 40000) g`,
    [],
  );
  for (const email of ['first@slots.test', 'second@slots.test']) {
    await createAdmin(t.ctx.db, { email, password: 'slots-password-0123' });
    const res = await t.request({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password: 'slots-password-0123' },
    });
    tokens.push(res.json<{ accessToken: string }>().accessToken);
  }
}, 60_000);
afterAll(() => t?.close());

/** Start an export download; answers the request and its response once headers arrive (not read). */
function startExport(token: string): { req: ClientRequest; response: Promise<IncomingMessage> } {
  let req!: ClientRequest;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req = request(`${origin}/api/management/export/users?format=csv`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
  return { req, response };
}

describe('export slots over HTTP', () => {
  it("one export at a time here: another admin's waits, the same admin's second is refused, /health answers", async () => {
    const first = startExport(tokens[0]!);
    const firstResponse = await first.response;
    expect(firstResponse.statusCode).toBe(200);
    firstResponse.pause();

    const second = startExport(tokens[1]!);
    let secondStarted = false;
    void second.response.then(() => (secondStarted = true));

    const again = await fetch(`${origin}/api/management/export/users?format=csv`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: 'RATE_LIMITED', error: Msg.exportStillRunning });

    expect((await fetch(`${origin}/health`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(secondStarted).toBe(false);

    // The first client gives up: its slot goes to the one waiting.
    first.req.destroy();
    const secondResponse = await second.response;
    expect(secondResponse.statusCode).toBe(200);
    let bytes = 0;
    for await (const chunk of secondResponse) bytes += (chunk as Buffer).length;
    expect(bytes).toBeGreaterThan(1_000_000);

    // Done: the first admin may export again.
    const later = await fetch(`${origin}/api/management/export/users?format=csv`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(later.status).toBe(200);
    await later.arrayBuffer();
  }, 60_000);
});
