import type { DomainEvent } from './domain-event';

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

export const postScheduledEvent = (post: Post & { scheduledFor: Date }, actorId: string): DomainEvent => ({
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
  source = 'direct',
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
