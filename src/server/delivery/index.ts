/**
 * The delivery engine's one entry: modules, routes, jobs, events and the app's wiring import the
 * engine from here and from nowhere else in src/server/delivery (dependency-cruiser refuses it),
 * and the engine imports no module: what it needs of a module's data it reads with its own query
 * (the business's email pause), or takes as a port passed in at wiring time (app.ts).
 */
export { notificationDeliveryJobs } from './batches/notification-delivery.job';
export {
  backoffMs,
  fanoutJob,
  fanoutRangeJob,
  jobId,
  PUSH_OPTIONS,
} from './batches/notification-delivery.queues';
export { recordEmailClick } from './channels/email/email-outcomes.repo';
export { deliverEmailJob } from './channels/email/queues';
export { recordEvent } from './channels/push/device-health.repo';
export { pendingPushes } from './channels/push/push-pending.repo';
export { deliverFirstJob, deliverJob, expireSubscriptionsJob } from './channels/push/queues';
export { releaseDeferredOf, releaseDueDeferred } from './deferral/deferral.repo';
export { EARLIEST_ZONE } from './deferral/local-time';
export type { QuietHoursSetting } from './deferral/quiet-period';
export { queueReleased } from './deferral/quiet-release';
export { countReach } from './fanout/audience.repo';
export { startFanout } from './fanout/notification-fanout';
export { insertTargets, targetsOf } from './fanout/notification-targets.repo';
export { purgeOldRings } from './fatigue-ledger.repo';
export {
  addChannelCounts,
  CHANNEL_COUNTS_SQL,
  type ChannelCounts,
  type ChannelCountsRow,
  countOutcomes,
  countOutcomesOf,
  type DeliveryCounts,
  NO_OUTCOMES,
} from './outcomes/delivery-counts.repo';
export { completeIfDone, isUnfinished } from './outcomes/outcomes.repo';
export { type PersonalSend, startPersonalSends } from './personal-sends';
export {
  notificationReplaceJob,
  notificationReplaceJobs,
  replaceJobFor,
} from './replace/notification-replace.job';
export { cancelPending } from './replace/reached-devices.repo';
