/**
 * What other modules may use of the notifications module's data: a business's public reference,
 * a post's media, a device's subscription, a user's live devices and a post's engagement figures
 * (dependency-cruiser refuses an import of another module's repo).
 */
export { findEstablishmentRef } from './establishment-refs.repo';
export { findMedia } from './notifications.repo';
export { engagementOf, NO_ENGAGEMENT } from './post-engagement.repo';
export { liveDevicesOf, upsertSubscription } from './push-devices.repo';
