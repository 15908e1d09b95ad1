import type { WebhookEventType } from '../../shared/schemas/webhook.schema';

/**
 * Something that happened (issue 30; DESIGN.md "Domain events"): recorded by the action that caused
 * it, in its transaction, through the outbox (`outbox.emit`). Producers say what happened; the
 * consumers subscribed to its type (events/consumers.ts) decide what follows from it.
 */
export interface DomainEvent {
  type: DomainEventType;
  /** The business it is about; null when about none (a device, a page of no business). */
  establishmentId: string | null;
  /** What it is about, by id: the post, the comment, the follower. */
  subjectId: string | null;
  /** Who did it; null for the system (a scheduled send released by the clock). */
  actorId: string | null;
  /** The event's body: what a webhook receiver reads under `data`; no address, no secret. */
  data: Record<string, unknown>;
}

/**
 * Events only this process's consumers hear: never stored, never sent out. A device is nobody's
 * business but its owner's; a page view carries its visitor's sealed address and is the most
 * frequent event of all.
 */
export const INTERNAL_EVENT_TYPES = ['device.registered', 'pageview'] as const;
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];

export type DomainEventType = WebhookEventType | InternalEventType;

/** Stored in `domain_events` (and so deliverable to webhooks): the public catalogue. */
export const isStoredEvent = (type: DomainEventType): type is WebhookEventType =>
  !(INTERNAL_EVENT_TYPES as readonly string[]).includes(type);

/** A domain event once recorded: its id is the webhook-id of every call that carries it. */
export interface RecordedEvent extends DomainEvent {
  id: string;
  at: Date;
}
