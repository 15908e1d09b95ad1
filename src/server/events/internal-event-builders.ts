import type { DomainEvent } from './domain-event';

/**
 * The internal events producers record (domain-event.ts says why each is internal), built in one
 * place so each type has one shape. The consumers in consumers.ts queue their jobs.
 */

/** An account was made; `establishmentId`: the business it was made with, followed or operated. */
export const userCreatedEvent = (
  userId: string,
  actorId: string | null,
  made: { establishmentId?: string | null | undefined; kind?: 'customer' | 'client' } = {},
): DomainEvent => ({
  type: 'user.created',
  establishmentId: made.establishmentId ?? null,
  subjectId: userId,
  actorId,
  data: { establishmentId: made.establishmentId ?? null, kind: made.kind ?? 'customer' },
});

export const emailChangedEvent = (userId: string, actorId: string, oldEmail: string): DomainEvent => ({
  type: 'user.email_changed',
  establishmentId: null,
  subjectId: userId,
  actorId,
  data: { oldEmail },
});

export const verificationRequestedEvent = (userId: string, actorId: string): DomainEvent => ({
  type: 'user.verification_requested',
  establishmentId: null,
  subjectId: userId,
  actorId,
  data: {},
});

export const passwordResetByAdminEvent = (userId: string, actorId: string): DomainEvent => ({
  type: 'user.password_reset_by_admin',
  establishmentId: null,
  subjectId: userId,
  actorId,
  data: {},
});

/** A reset link asked for an address as typed: nobody's account is named (the job looks it up). */
export const passwordResetRequestedEvent = (email: string): DomainEvent => ({
  type: 'password_reset.requested',
  establishmentId: null,
  subjectId: null,
  actorId: null,
  data: { email },
});

export const operatorInvitedEvent = (
  invitationId: string,
  establishmentId: string,
  actorId: string,
): DomainEvent => ({
  type: 'operator.invited',
  establishmentId,
  subjectId: invitationId,
  actorId,
  data: { invitationId },
});

export const contactRequestedEvent = (requestId: string): DomainEvent => ({
  type: 'contact.requested',
  establishmentId: null,
  subjectId: requestId,
  actorId: null,
  data: { requestId },
});

export const emailPausedEvent = (pauseId: string, establishmentId: string): DomainEvent => ({
  type: 'email.paused',
  establishmentId,
  subjectId: pauseId,
  actorId: null,
  data: { pauseId },
});

export const operatorNoticeEvent = (
  noticeId: string,
  establishmentId: string,
  createdAt: Date,
): DomainEvent => ({
  type: 'operator_notice.created',
  establishmentId,
  subjectId: noticeId,
  actorId: null,
  data: { noticeId, createdAt: createdAt.toISOString() },
});

export const webhookQueuedEvent = (
  webhookId: string,
  establishmentId: string,
  actorId: string,
): DomainEvent => ({
  type: 'webhook.queued',
  establishmentId,
  subjectId: webhookId,
  actorId,
  data: { webhookId },
});

export const postWithdrawnEvent = (
  post: { id: string; establishmentId: string },
  actorId: string,
): DomainEvent => ({
  type: 'post.withdrawn',
  establishmentId: post.establishmentId,
  subjectId: post.id,
  actorId,
  data: {},
});

export const postRescheduledEvent = (
  post: { id: string; establishmentId: string },
  actorId: string | null,
  scheduledFor: Date,
): DomainEvent => ({
  type: 'notification.rescheduled',
  establishmentId: post.establishmentId,
  subjectId: post.id,
  actorId,
  data: { scheduledFor: scheduledFor.toISOString() },
});
