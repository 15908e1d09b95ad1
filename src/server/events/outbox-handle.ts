import type { z } from 'zod';
import type { Db } from '../db/client';
import type { JobDefinition, SendOptions } from '../jobs/queue';
import type { DomainEvent } from './domain-event';

/** What a transaction's work gets: its Drizzle handle, and ways to queue jobs and record events that commit with it. */
export interface Outbox {
  db: Db;
  enqueue<S extends z.ZodType>(
    job: Pick<JobDefinition<S>, 'queue' | 'payload'>,
    payload: z.input<S>,
    options?: Omit<SendOptions, 'db'>,
  ): Promise<void>;
  /**
   * Record that something happened (a domain event): stored when it is of the public catalogue,
   * and handed to the consumers subscribed to its type, all in this transaction.
   */
  emit(event: DomainEvent & { at?: Date }): Promise<void>;
}
