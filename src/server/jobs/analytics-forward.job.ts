import type { z } from 'zod';
import type { AppContext } from '../context';
import { PageViewDataSchema } from '../events/domain-event';
import { findDaySalt } from '../modules/analytics/analytics.repo';
import { openAddress } from '../modules/analytics/visitor';
import type { JobDefinition } from './queue';

/**
 * A page view forwarded to a Plausible-compatible events endpoint (ANALYTICS_FORWARD_URL), queued
 * with the page view's row. Plausible counts unique visitors from the User-Agent and X-Forwarded-For
 * it receives (and stores neither): the address travels sealed with its day's salt (visitor.ts).
 */
export const analyticsForwardJob = {
  queue: 'analytics.forward-pageview',
  /** The page view event's data, as it was emitted (events/domain-event.ts). */
  payload: PageViewDataSchema,
};

/** How long the events endpoint has to answer; a failure is retried like every job. */
const FORWARD_TIMEOUT_MS = 10_000;

/** The forwarding handler, bound to the running process. */
export function analyticsForwardJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof analyticsForwardJob.payload> = {
    ...analyticsForwardJob,
    concurrency: 2,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ url, referrer, userAgent, day, sealedAddress }) {
      const forwardUrl = ctx.config.analytics.forwardUrl;
      if (!forwardUrl) return;
      const salt = await findDaySalt(ctx.db, day);
      const address = salt ? openAddress(salt, sealedAddress) : undefined;
      // Its salt is gone: the view is days old, and without its address it would count a false visitor.
      if (!address) return;
      const response = await fetch(forwardUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': address },
        body: JSON.stringify({ name: 'pageview', url, domain: ctx.config.analytics.forwardDomain, referrer }),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the analytics endpoint answered ${response.status}`);
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
