import type { FastifyBaseLogger } from 'fastify';
import type { ApiKeyGrant } from '../shared/permissions';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Metrics } from './lib/metrics';
import type { Mailer } from './mail/transport';
import type { PushRuntime } from './push/push-runtime';

/** What services and jobs need from the running process. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  push: PushRuntime;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /**
   * The time the product's own rules go by (scheduled sends due, quiet hours over): the wall clock,
   * which tests replace to reach a moment without waiting for it.
   */
  now: () => Date;
}

/** The signed-in user a request acts for, as the auth plugin resolved it. */
export interface AuthedActor {
  id: string;
  role: string;
  /** Read on each request, so verifying takes effect with the token already held. */
  emailVerified: boolean;
  /** A follower without an account (users.guest): what needs an email asks for one first. */
  guest?: boolean;
  /** The session was opened by registering and the address is not confirmed through it yet. */
  provisional?: boolean;
  establishments: { establishmentId: string; kind: 'customer' | 'client' }[];
  sessionId: string;
  /** The admin who signed in as this user, if any. */
  actingAdminId: string | null;
  /** Set when the request came with an API key: `id` is then the key's creator. */
  apiKey?: ApiKeyGrant;
}
