import { z } from 'zod';
import { pushTopicOf, withdrawalOf } from '../../../shared/push/payload';
import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/queue';
import type { PushOptions, PushResult } from '../../push/push-sender';
import { jobId, PUSH_OPTIONS } from '../batches/notification-delivery.queues';
import { deleteSubscriptions } from '../channels/push/device-health.repo';
import { byLanguage, notificationPushMessage } from '../channels/push/push-channel';
import * as notificationsRepo from '../send-state.repo';
import { pushToDevices } from './push-to-devices';
import { type ReachedDevice, reachedDevicesPage } from './reached-devices.repo';
import { withdrawnNoticeText } from './withdrawn-notice.text';

/**
 * "Update on phones" and "Withdraw from phones": one push to each device a sent
 * notification was delivered to, with the notification's Topic and tag, so it replaces the first
 * one wherever that still is: at the push service for an offline phone, on the screen otherwise.
 * The devices are walked a page per job, each page queuing the next.
 */
export const notificationReplaceJob = {
  queue: 'notification.replace',
  payload: z.object({
    notificationId: z.uuid(),
    kind: z.enum(['update', 'withdraw']),
    /** Which edit it carries (ms since epoch): a later edit queues its own walk. */
    version: z.number().int(),
    /** The walk's cursor: the last subscription id of the previous page. */
    after: z.uuid().nullable().default(null),
  }),
};

/** Devices per job. */
const PAGE = 500;
/** A withdrawal is worth delivering to a phone back online within a day, like the notification was. */
const WITHDRAW_PUSH: PushOptions = { ttl: PUSH_OPTIONS.ttl, urgency: 'normal' };

/** The job's queue options: one walk per (notification, kind, version, page). */
export function replaceJobFor(payload: z.input<typeof notificationReplaceJob.payload>) {
  const { notificationId, kind, version, after = null } = payload;
  return { id: jobId('replace', notificationId, kind, version, after) };
}

export function notificationReplaceJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { sql } = ctx.database;

  /**
   * The edited notification, encrypted per device with its receipt (clicks still count), posted;
   * each device in its user's language when the post has translations.
   */
  async function pushUpdate(
    n: NonNullable<Awaited<ReturnType<typeof notificationsRepo.findForDelivery>>>,
    devices: ReachedDevice[],
    options: PushOptions,
  ): Promise<PushResult['kind'][]> {
    const outcome = new Map<string, PushResult['kind']>();
    for (const { shown, rows: group } of byLanguage(n, devices)) {
      const message = JSON.stringify({ ...notificationPushMessage(n, shown), updated: true });
      const recipients = group.flatMap((d) => [d.id, d.p256dh, d.auth]);
      const bodies = await ctx.push.encryption.encryptWithReceipts({
        notificationId: n.id,
        message,
        recipients,
      });
      await Promise.all(
        group.map(async (device, i) => {
          const body = bodies[i];
          outcome.set(
            device.id,
            body ? (await ctx.push.sender.post(device.endpoint, body, options)).kind : 'payload',
          );
        }),
      );
    }
    const kinds = devices.map((device) => outcome.get(device.id) ?? 'payload');
    const gone = devices.filter((_, i) => kinds[i] === 'gone').map((d) => d.id);
    await deleteSubscriptions(sql, gone);
    return kinds;
  }

  const job: JobDefinition<typeof notificationReplaceJob.payload> = {
    ...notificationReplaceJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle(payload) {
      const { notificationId, kind, after } = payload;
      const n = await notificationsRepo.findForDelivery(ctx.db, notificationId);
      if (!n) return;
      const devices = await reachedDevicesPage(sql, notificationId, after, PAGE);
      if (devices.length === 0) return;
      if (devices.length === PAGE) {
        const next = { ...payload, after: devices.at(-1)!.id };
        await ctx.jobs.send(notificationReplaceJob, next, replaceJobFor(next));
      }
      const topic = pushTopicOf(notificationId);
      let kinds: PushResult['kind'][];
      if (kind === 'update') {
        // Only while the notification itself is worth showing: not past its TTL or its offer's end.
        const expiresAt = Math.min(
          n.createdAt.getTime() + PUSH_OPTIONS.ttl * 1000,
          n.validUntil?.getTime() ?? Number.POSITIVE_INFINITY,
        );
        const ttl = Math.ceil((expiresAt - Date.now()) / 1000);
        if (ttl <= 0) return;
        kinds = await pushUpdate(n, devices, { ...PUSH_OPTIONS, ttl, topic });
      } else {
        const at = Date.now();
        kinds = await pushToDevices(
          ctx,
          devices.map((device) => ({
            device,
            message: withdrawalOf({
              id: n.id,
              establishmentId: n.establishmentId,
              establishmentName: n.establishmentName,
              logo: n.logo,
              text: withdrawnNoticeText(device.language),
              at,
            }),
          })),
          { ...WITHDRAW_PUSH, topic },
        );
      }
      // The page again later (pg-boss's retries) when a push service asked us to: the same tag and
      // topic make a second copy replace the first.
      if (kinds.some((k) => k === 'retry' || k === 'held')) {
        throw new Error(`a ${kind} of notification ${notificationId} is to be tried again on some devices`);
      }
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
