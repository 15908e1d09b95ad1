import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { startWorkers } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { logSerializers } from './lib/log-safety';
import { createWorkerContext } from './worker-context';

/** Job workers alone, for scaling out: several of these share one PostgreSQL's queues. */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, ' +
        'whose own workers already run jobs (WORKERS=true).',
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  await database.migrate();
  const ctx = await createWorkerContext(config, database, log);
  const { jobs, push, mailer } = ctx;
  await startWorkers(ctx);
  log.info('worker started');
  closeWithGrace({ delay: 10_000 }, async () => {
    await jobs.stop();
    await push.close();
    mailer.close();
    await database.close();
  });
}

await main();
