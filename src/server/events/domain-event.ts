import { z } from 'zod';
import type { WebhookEventType } from '../../shared/schemas/webhook.schema';
import type { WebhookEventData } from '../../shared/schemas/webhook-events.schema';

/**
 * A page view's data (an internal event): what its forwarding job is queued with
 * (jobs/analytics-forward.job.ts), so the job's payload and the event are one shape.
 */
export const PageViewDataSchema = z.object({
  url: z.string(),
  referrer: z.string(),
  userAgent: z.string(),
  /** The UTC day whose salt sealed the address. */
  day: z.string(),
  sealedAddress: z.string(),
});
export type PageViewData = z.infer<typeof PageViewDataSchema>;

/**
 * Events only this process's consumers hear: never stored, never sent out. A device is nobody's
 * business but its owner's; a page view carries its visitor's sealed address and is the most
 * frequent event of all; account events carry addresses and concern the person alone; the rest
 * (a withdrawal, a moved send, an operator's notice, a webhook with calls waiting) are what a job
 * follows up, not news for a business's systems.
 */
export interface InternalEventData {
  'device.registered': Record<string, never>;
  pageview: PageViewData;
  /** An account was made (registering, by an admin, an operator or a representative): its welcome email. */
  'user.created': { establishmentId: string | null; kind: 'customer' | 'client' };
  /** An account's address changed: the old address is told. */
  'user.email_changed': { oldEmail: string };
  /** An address to (re)confirm: a verification email. */
  'user.verification_requested': Record<string, never>;
  /** An admin gave the user a new random password: the job makes it and emails it. */
  'user.password_reset_by_admin': Record<string, never>;
  /** Someone asked for a reset link for this address, as typed (whether or not it has an account). */
  'password_reset.requested': { email: string };
  /** An operator invitation was made (subject: the invitation): its email. */
  'operator.invited': { invitationId: string };
  /** A business's contact request was stored: its email to support. */
  'contact.requested': { requestId: string };
  /** A business's email was paused for complaints: its operators are told. */
  'email.paused': { pauseId: string };
  /** A notice for operators without push was stored: its email at each cadence. */
  'operator_notice.created': { noticeId: string; createdAt: string };
  /** A webhook has calls waiting (turned on again, a test, a resend): its delivery job. */
  'webhook.queued': { webhookId: string };
  /** A post leaves the phones that got it ("Withdraw from phones", alone or with its deletion). */
  'post.withdrawn': Record<string, never>;
  /** A scheduled send moved to a new time: the release is nudged for it. */
  'notification.rescheduled': { scheduledFor: string };
}
export type InternalEventType = keyof InternalEventData;
export const INTERNAL_EVENT_TYPES = [
  'device.registered',
  'pageview',
  'user.created',
  'user.email_changed',
  'user.verification_requested',
  'user.password_reset_by_admin',
  'password_reset.requested',
  'operator.invited',
  'contact.requested',
  'email.paused',
  'operator_notice.created',
  'webhook.queued',
  'post.withdrawn',
  'notification.rescheduled',
] as const satisfies readonly InternalEventType[];
/** Compiles only while the list names every internal type: isStoredEvent reads it. */
export const INTERNAL_TYPES_LISTED: [
  Exclude<InternalEventType, (typeof INTERNAL_EVENT_TYPES)[number]>,
] extends [never]
  ? true
  : never = true;
export type DomainEventType = WebhookEventType | InternalEventType;

/**
 * An event's body by its type: a public event's is its published schema (src/shared, what webhook
 * receivers read), an internal one's what its consumers read.
 */
export type EventData<T extends DomainEventType> = T extends WebhookEventType
  ? WebhookEventData<T>
  : T extends InternalEventType
    ? InternalEventData[T]
    : never;

interface EventOf<T extends DomainEventType> {
  type: T;
  /** The business it is about; null when about none (a device, a page of no business). */
  establishmentId: string | null;
  /** What it is about, by id: the post, the comment, the follower. */
  subjectId: string | null;
  /** Who did it; null for the system (a scheduled send released by the clock). */
  actorId: string | null;
  /** The event's body: what a webhook receiver reads under `data`; no address, no secret. */
  data: EventData<T>;
}

/**
 * Something that happened (DESIGN.md "Domain events"): recorded by the action that caused
 * it, in its transaction, through the outbox (`outbox.emit`). Producers say what happened; the
 * consumers subscribed to its type (events/consumers.ts) decide what follows from it. One member
 * per type, so narrowing `type` narrows `data`.
 */
export type DomainEvent<T extends DomainEventType = DomainEventType> = T extends DomainEventType
  ? EventOf<T>
  : never;

/** Stored in `domain_events` (and so deliverable to webhooks): the public catalogue. */
export const isStoredEvent = (type: DomainEventType): type is WebhookEventType =>
  !(INTERNAL_EVENT_TYPES as readonly string[]).includes(type);

/** A domain event once recorded: its id is the webhook-id of every call that carries it. */
export type RecordedEvent<T extends DomainEventType = DomainEventType> = DomainEvent<T> & {
  id: string;
  at: Date;
};
