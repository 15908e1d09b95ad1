import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { loadConfig } from './config';
import { resolveDrizzleFilesDirectly } from './lib/drizzle-resolution';
import { runEntryPoint } from './lib/entry-point';
import { logSerializers } from './lib/log-safety';

resolveDrizzleFilesDirectly();

/**
 * The workers' code, loaded with `import()`: after the resolution above is in place (a static
 * import would be resolved before it), and only once the settings are read, so wrong ones exit at once.
 */
const loadWorkers = () =>
  Promise.all([
    import('./app'),
    import('./db/open-migrated'),
    import('./worker-context'),
    import('./worker-metrics'),
  ]);

/** Job workers alone, for scaling out: several of these share one PostgreSQL's queues. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, ' +
        'whose own workers already run jobs (WORKERS=true).',
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  const [{ startWorkers }, { openMigratedDatabase }, { createWorkerContext }, { startWorkerMetrics }] =
    await loadWorkers();
  const database = await openMigratedDatabase(config, log);
  const ctx = await createWorkerContext(config, database, log);
  const { jobs, push, mailer } = ctx;
  // Before any job is taken: a metrics port that cannot be opened stops the worker with nothing in hand.
  const metricsServer = await startWorkerMetrics(ctx);
  await startWorkers(ctx);
  log.info(metricsServer ? { metrics: metricsServer.url } : {}, 'worker started');
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'stopping after an error');
    else log.info(`worker stopping (${signal ?? 'exit'}): finishing the jobs in hand`);
    await jobs.stop();
    // Scrapable while the jobs in hand finish, closed before the database the queue depth reads.
    await metricsServer?.close();
    await push.close();
    mailer.close();
    await database.close();
    log.info('worker stopped');
  });
}

await runEntryPoint(main);
