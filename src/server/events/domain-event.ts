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
 * frequent event of all.
 */
export const INTERNAL_EVENT_TYPES = ['device.registered', 'pageview'] as const;
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];

export type DomainEventType = WebhookEventType | InternalEventType;

/**
 * An event's body by its type: a public event's is its published schema (src/shared, what webhook
 * receivers read), an internal one's what its consumers read.
 */
export type EventData<T extends DomainEventType> = T extends WebhookEventType
  ? WebhookEventData<T>
  : T extends 'pageview'
    ? PageViewData
    : Record<string, never>;

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
