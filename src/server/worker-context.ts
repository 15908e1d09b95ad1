import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { startJobQueue } from './jobs/queue';
import { createMetrics } from './lib/metrics';
import { createMailer } from './mail/transport';
import { createPushRuntime } from './push/push-runtime';

/** The context of a process that runs jobs without HTTP (`npm run worker`, the fan-out benchmark). */
export async function createWorkerContext(
  config: Config,
  database: Database,
  log: AppContext['log'],
): Promise<AppContext> {
  const jobs = await startJobQueue(database.sql, log, {
    superviseSeconds: config.jobSuperviseSeconds,
    listen: database.listen,
  });
  const mailer = createMailer(config, log);
  const push = await createPushRuntime(database, config);
  return {
    config,
    database,
    db: database.db,
    jobs,
    mailer,
    push,
    metrics: createMetrics(),
    log,
    now: () => new Date(),
  };
}
