/** Liveness and readiness as a load balancer or an orchestrator asks for them. */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/test-app';

describe('health and readiness', () => {
  it('answers /health and /ready while the database is there, and /ready 503 once it is gone', async () => {
    const t = await startTestApp();
    try {
      const health = await t.request({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await t.request({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });

      // The database goes away (a PostgreSQL restart, a lost network): not ready, still alive.
      await t.ctx.jobs.stop();
      await t.ctx.database.close();
      const gone = await t.request({ method: 'GET', url: '/ready' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({ status: 'unavailable' });
      expect((await t.request({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
