import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics. One registry per process (not prom-client's global one), so
 * that tests building several apps in one process do not collide.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    /** Work the sweep found without a live job and queued again, by kind. */
    sweepRequeued: new Counter({
      name: 'broadcast_sweep_requeued_total',
      help: 'Work found stuck by the sweep (no live job) and queued again',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    /** Delivery outcomes decided by this process's batch jobs. */
    deliveries: new Counter({
      name: 'broadcast_deliveries_total',
      help: 'Push deliveries decided, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    /** Push service origins paused because they refuse our VAPID credentials. */
    originPauses: new Counter({
      name: 'broadcast_push_origin_pauses_total',
      help: 'Times a push service origin was paused for refusing our VAPID credentials',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
