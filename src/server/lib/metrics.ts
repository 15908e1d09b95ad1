import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How long a scrape waits for the job queue's sizes before it leaves them out. */
const QUEUE_SIZES_TIMEOUT_MS = 2_000;

/** Jobs per queue: waiting (created or to retry) and active (taken by a worker). */
export type QueueSizes = Record<string, { waiting: number; active: number }>;

/**
 * This process's Prometheus metrics. One registry per process (not prom-client's global one), so
 * that tests building several apps in one process do not collide.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let queueSizes: (() => Promise<QueueSizes>) | undefined;
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
    /** HTTP answers by route pattern (never the raw URL), method and status. */
    httpRequests: new Counter({
      name: 'broadcast_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'broadcast_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    /** One POST to a push service, from sending the request to its answer's status (or failure). */
    pushLatency: new Histogram({
      name: 'broadcast_push_request_duration_seconds',
      help: 'Push service request latency, by push service origin',
      labelNames: ['origin'] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers: [registry],
    }),
    /** Jobs per queue and state, read from the job queue at each scrape. */
    queueDepth: new Gauge({
      name: 'broadcast_job_queue_depth',
      help: 'Jobs in the queue, by queue and state (waiting: created or to retry; active: being worked on)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        if (!queueSizes) return;
        this.reset();
        let timer: NodeJS.Timeout | undefined;
        try {
          const sizes = await Promise.race([
            queueSizes(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(
                () => reject(new Error('job queue sizes timed out')),
                QUEUE_SIZES_TIMEOUT_MS,
              );
            }),
          ]);
          for (const [queue, { waiting, active }] of Object.entries(sizes)) {
            this.set({ queue, state: 'waiting' }, waiting);
            this.set({ queue, state: 'active' }, active);
          }
        } catch {
          // The database is away: /ready says so; the scrape still answers the other metrics.
        } finally {
          clearTimeout(timer);
        }
      },
    }),
    /** Where the queue depth comes from (the job queue of this process, once it exists). */
    watchQueues(sizes: () => Promise<QueueSizes>) {
      queueSizes = sizes;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
