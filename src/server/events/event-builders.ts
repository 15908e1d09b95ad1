import type { ReactionKind } from '../../shared/schemas/reaction-kinds';
import type { VisitSource } from '../../shared/schemas/report-sources';
import type { DomainEvent, PageViewData } from './domain-event';

/**
 * The events producers record, built in one place so each type has one shape (its `data` is what
 * a webhook receiver reads: ids and the words a business published, never a person's address).
 */

interface Post {
  id: string;
  establishmentId: string;
  text: string;
  inFeed: boolean;
}

/** A send went out (now, or at its scheduled time): its fan-out follows. */
export const postSentEvent = (post: Post, actorId: string | null): DomainEvent => ({
  type: 'notification.sent',
  establishmentId: post.establishmentId,
  subjectId: post.id,
  actorId,
  data: { postId: post.id, text: post.text, inFeed: post.inFeed },
});

export const postScheduledEvent = (
  post: Post & { scheduledFor: Date },
  actorId: string | null,
): DomainEvent => ({
  type: 'notification.scheduled',
  establishmentId: post.establishmentId,
  subjectId: post.id,
  actorId,
  data: {
    postId: post.id,
    text: post.text,
    inFeed: post.inFeed,
    scheduledFor: post.scheduledFor.toISOString(),
  },
});

export const postEditedEvent = (
  post: { id: string; establishmentId: string; text: string },
  actorId: string,
  updatePhones: boolean,
): DomainEvent => ({
  type: 'post.edited',
  establishmentId: post.establishmentId,
  subjectId: post.id,
  actorId,
  data: { postId: post.id, text: post.text, updatePhones },
});

export const postDeletedEvent = (
  post: { id: string; establishmentId: string },
  actorId: string,
  how: { withdrawn: boolean; scheduled: boolean },
): DomainEvent => ({
  type: 'post.deleted',
  establishmentId: post.establishmentId,
  subjectId: post.id,
  actorId,
  data: { postId: post.id, ...how },
});

/** Someone began to follow a business (a customer's link; operating one is not following it). */
export const followEvent = (
  followerId: string,
  establishmentId: string,
  actorId: string | null,
  source: VisitSource = 'direct',
): DomainEvent => ({
  type: 'follow',
  establishmentId,
  subjectId: followerId,
  actorId,
  data: { followerId, source },
});

export const unfollowEvent = (
  followerId: string,
  establishmentId: string,
  actorId: string | null,
): DomainEvent => ({
  type: 'unfollow',
  establishmentId,
  subjectId: followerId,
  actorId,
  data: { followerId },
});

/** A follower confirmed their address: from now on sends reach them. One per business they follow. */
export const followerVerifiedEvent = (followerId: string, establishmentId: string): DomainEvent => ({
  type: 'follower.verified',
  establishmentId,
  subjectId: followerId,
  actorId: followerId,
  data: { followerId },
});

/** Someone set, changed (a kind) or took back (null) their reaction to a post. */
export const reactionSetEvent = (
  post: { id: string; establishmentId: string },
  actorId: string,
  reaction: ReactionKind | null,
): DomainEvent => ({
  type: 'reaction.set',
  establishmentId: post.establishmentId,
  subjectId: post.id,
  actorId,
  data: { postId: post.id, reaction },
});

/** A business's profile was saved: the names of the fields it changed. */
export const establishmentUpdatedEvent = (
  establishmentId: string,
  actorId: string,
  changed: string[],
): DomainEvent => ({
  type: 'establishment.updated',
  establishmentId,
  subjectId: establishmentId,
  actorId,
  data: { changed },
});

/** A user's new push subscription (internal: a welcome may have waited for it). */
export const deviceRegisteredEvent = (userId: string): DomainEvent => ({
  type: 'device.registered',
  establishmentId: null,
  subjectId: userId,
  actorId: userId,
  data: {},
});

/** A page view (internal): its data is what the analytics forwarding job is queued with. */
export const pageViewEvent = (establishmentId: string | null, data: PageViewData): DomainEvent => ({
  type: 'pageview',
  establishmentId,
  subjectId: null,
  actorId: null,
  data,
});
