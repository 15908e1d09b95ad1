import { batchQueue } from '../../batches/notification-delivery.queues';

/** A batch of email deliveries: a queue of its own, so emails, paced by the mail server, never hold up a push. */
export const deliverEmailJob = batchQueue('notification.deliver-email');
