import { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import { welcomeNoticeOf } from '../../shared/push/payload';
import type { Translations } from '../../shared/schemas/preference.schema';
import type { AppContext } from '../context';
import { pushToDevices } from '../delivery';
import * as repo from '../modules/establishments/welcome.repo';
import { liveDevicesOf } from '../modules/notifications/push-devices.repo';
import type { PushOptions } from '../push/push-sender';
import type { JobDefinition } from './queue';

/**
 * A business's welcome notification to a new follower, queued in the transaction of the
 * follow (when the follower already has a device) or of a new device (when a recent follow is owed
 * one). It sends every welcome the user is owed, each once.
 */
export const welcomeNoticeJob = {
  queue: 'establishments.welcome',
  payload: z.object({ userId: z.uuid() }),
};

/** A welcome is meant for the moment of the follow: worth an hour, and shown at once. */
const WELCOME_PUSH: PushOptions = { ttl: 3600, urgency: 'high' };

/** The welcome in the follower's language where the business gave one, else its own text. */
export function welcomeTextFor(text: string, translations: Translations, language: string): string {
  return (isLanguage(language) && translations[language]) || text;
}

export function welcomeNoticeJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof welcomeNoticeJob.payload> = {
    ...welcomeNoticeJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ userId }) {
      const welcomes = await repo.claimWelcomes(ctx.db, userId);
      if (welcomes.length === 0) return;
      const devices = await liveDevicesOf(ctx.db, [userId]);
      const at = Date.now();
      const pushes = welcomes.flatMap((welcome) =>
        devices.map((device) => ({
          device,
          welcome,
          message: welcomeNoticeOf({
            establishmentId: welcome.establishmentId,
            establishmentName: welcome.name,
            logo: welcome.logo,
            text: welcomeTextFor(welcome.text, welcome.translations, welcome.language),
            at,
          }),
        })),
      );
      const outcomes = await pushToDevices(ctx, pushes, WELCOME_PUSH);
      // A welcome that reached no device is given back; if the push service only asked to come back
      // later, the job fails and pg-boss retries it.
      let retry = false;
      for (const welcome of welcomes) {
        const mine = outcomes.filter((_, i) => pushes[i]!.welcome === welcome);
        if (mine.includes('sent')) continue;
        await repo.releaseWelcome(ctx.db, userId, welcome.establishmentId);
        if (mine.some((kind) => kind === 'retry' || kind === 'held' || kind === 'failed')) retry = true;
      }
      if (retry) throw new Error('a welcome notification could not be delivered yet');
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
