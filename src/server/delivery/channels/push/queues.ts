import { z } from 'zod';
import { batchQueue } from '../../batches/notification-delivery.queues';

/** A batch of push deliveries (the devices of a range of members). */
export const deliverJob = batchQueue('notification.deliver');
/**
 * A send's first push batch, when fair share is on: a lane with workers of its own, so a
 * bar's first phones ring at once instead of waiting for one of the batch workers a big send keeps
 * busy. Its later runs (retries) go to the push queue like any batch.
 */
export const deliverFirstJob = batchQueue('notification.deliver-first');
/** The daily removal of push subscriptions ended or long unseen. */
export const expireSubscriptionsJob = { queue: 'push.expire-subscriptions', payload: z.object({}) };
