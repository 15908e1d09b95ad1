import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { domainEvents } from '../db/schema';
import type { DomainEvent, RecordedEvent } from './domain-event';

/** Store an event of the public catalogue; answers it with its id and time. */
export async function insertEvent(db: Db, event: DomainEvent & { at?: Date }): Promise<RecordedEvent> {
  const [row] = await db
    .insert(domainEvents)
    .values({
      type: event.type,
      establishmentId: event.establishmentId,
      subjectId: event.subjectId,
      actorId: event.actorId,
      data: event.data,
      ...(event.at ? { at: event.at } : {}),
    })
    .returning({ id: domainEvents.id, at: domainEvents.at });
  return { ...event, id: row!.id, at: row!.at };
}

/**
 * Events are kept while a webhook may still be retried or resent from its call history (a day of
 * retries, then the history's week); their deliveries and calls go with them.
 */
export const EVENT_RETENTION_DAYS = 8;

/** Delete the events older than the retention. */
export async function purgeOldEvents(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(domainEvents)
    .where(lt(domainEvents.at, new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000)))
    .returning({ id: domainEvents.id });
  return deleted.length;
}
