import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Slow clients: a socket that sends part of its headers and then nothing is closed once
 * HTTP_HEADERS_TIMEOUT_SECONDS have passed, instead of being held open for as long as the client
 * likes; a normal request on the same server is answered as usual. On a real
 * listening server, since app.inject() has no socket.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ HTTP_HEADERS_TIMEOUT_SECONDS: '1', WORKERS: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Open a socket, send an unfinished request head, and answer what the server did, and when. */
function dribble(): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write('GET /health HTTP/1.1\r\nHost: x\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, answer }));
    socket.on('error', reject);
    // Not closed by the server within 15 s: the limit does not hold.
    setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: Number.POSITIVE_INFINITY, answer });
    }, 15_000).unref();
  });
}

describe('slow clients', () => {
  it('closes a socket that never finishes its headers, and serves everyone else', async () => {
    const held = await Promise.all([dribble(), dribble(), dribble()]);
    for (const socket of held) {
      expect(socket.closedAfterMs).toBeLessThan(15_000);
      // Node answers 408 Request Timeout before closing.
      expect(socket.answer).toMatch(/^HTTP\/1\.1 408/);
    }
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
  }, 30_000);
});
