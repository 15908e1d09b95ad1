import type { PageViewBody } from '../../../shared/schemas/report.schema';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { pageViewEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { scrubPath } from '../../lib/log-safety';
import * as repo from './analytics.repo';
import { establishmentOfPath, referrerHost } from './page-path';
import { sealAddress, visitorHash } from './visitor';

/** Who sent the view, as far as counting visitors goes; neither is stored. */
export interface PageViewClient {
  ip: string;
  userAgent: string;
}

/** Each database's salt of the current day, so a view costs one read less (a new day reads it again). */
const saltCache = new WeakMap<Db, { day: string; salt: string }>();

async function currentSalt(db: Db, day: string): Promise<string> {
  const cached = saltCache.get(db);
  if (cached?.day === day) return cached.salt;
  const salt = await repo.daySalt(db, day);
  saltCache.set(db, { day, salt });
  return salt;
}

/**
 * Record a route change of the web app (public: anyone, after consent, rate limited per IP). A
 * public page's view counts in its establishment's funnel (database trigger); with
 * ANALYTICS_FORWARD_URL the view is also forwarded by a job queued in the same transaction.
 */
export async function recordPageView(
  ctx: AppContext,
  client: PageViewClient,
  body: PageViewBody,
): Promise<void> {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const salt = await currentSalt(ctx.db, day);
  const source = body.source ?? 'direct';
  // A link's token (an unsubscribe page, a verification) is nothing the figures need.
  const path = scrubPath(body.path);
  const row = {
    at: now,
    path,
    establishmentId: (await establishmentOfPath(ctx.db, body.path)) ?? null,
    source,
    referrerHost: referrerHost(body.referrer),
    visitorHash: visitorHash(salt, client.ip, client.userAgent),
  };
  // Plausible reads a visit's source from utm_source in the page's address.
  const url = `${ctx.config.publicUrl}${path}${source === 'direct' ? '' : `?utm_source=${source}`}`;
  await withOutbox(ctx, async ({ db, emit }) => {
    await repo.insertPageView(db, row);
    // An internal event (never stored): its forwarding, when configured, follows from it.
    await emit(
      pageViewEvent(row.establishmentId, {
        url,
        referrer: body.referrer ?? '',
        userAgent: client.userAgent,
        day,
        sealedAddress: sealAddress(salt, client.ip),
      }),
    );
  });
}
