import type { DomainEventType, RecordedEvent } from './domain-event';
import type { Outbox } from './outbox-handle';

/**
 * What follows from an event, decided in the transaction of the action that caused it: queue a job,
 * write a row. A consumer never calls out (that is its job's work), so an action stays as fast and
 * as atomic as it was. Adding a consumer adds an entry to consumers.ts and touches no producer.
 */
export interface EventConsumer<T extends DomainEventType = DomainEventType> {
  name: string;
  types: readonly T[];
  on(event: RecordedEvent<T>, outbox: Outbox): Promise<void>;
}

/**
 * A consumer whose `on` reads the events of its own types, typed by them (the outbox hands a
 * consumer only the types it lists).
 */
export const consumer = <T extends DomainEventType>(definition: EventConsumer<T>): EventConsumer =>
  definition;
