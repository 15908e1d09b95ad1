import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { resolveDrizzleFilesDirectly } from './lib/drizzle-resolution';
import { acquireEmbeddedLockWaiting, EmbeddedDatabaseInUse, usesEmbeddedDatabase } from './lib/embedded-lock';
import { listenOn, runEntryPoint } from './lib/entry-point';

resolveDrizzleFilesDirectly();

/**
 * The server's code, loaded with `import()`: after the resolution above is in place (a static
 * import would be resolved before it), and only once the settings are read and the embedded
 * database is this process's, so wrong settings or a second server exit at once.
 */
const loadServer = () => Promise.all([import('./app'), import('./modules/account/admin-bootstrap')]);

/** How long a start waits for another process to let go of the embedded database (a restart). */
const EMBEDDED_LOCK_WAIT_MS = 10_000;

/** Process entry: config, database and migrations, first admin, HTTP and (by default) job workers. */
async function main() {
  const config = loadConfig();
  // The embedded database belongs to this process while it runs: DATA_DIR/server.pid says so to
  // the admin CLI and to a second server, which would otherwise write to a copy of it and lose it.
  let lock: { release(): void } | undefined;
  if (usesEmbeddedDatabase(config.databaseUrl)) {
    try {
      lock = await acquireEmbeddedLockWaiting(config.dataDir, EMBEDDED_LOCK_WAIT_MS);
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
      console.error(
        `Another process (pid ${error.pid}) has the embedded database in ${config.dataDir} open: ` +
          'stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.',
      );
      process.exit(1);
    }
  }
  try {
    const [{ buildApp }, { ensureFirstAdmin }] = await loadServer();
    const { app, ctx } = await buildApp(config);
    // Printed once to the console by design (not through the logger): the generated password of the
    // first admin, when ADMIN_EMAIL/ADMIN_PASSWORD are not set.
    await ensureFirstAdmin(ctx.db, config.admin, (line) => console.log(line));
    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info(`stopping (${signal ?? 'exit'}): finishing requests and jobs in hand`);
      await app.close();
      lock?.release();
      app.log.info('Broadcast stopped');
    });
    await listenOn(app, config.port, config.host);
    app.log.info(
      `Broadcast is running at ${config.publicUrl} (database: ${ctx.database.kind}, workers: ${config.workers ? 'on' : 'off'})`,
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
}

await runEntryPoint(main);
