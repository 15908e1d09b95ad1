import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureFirstAdmin } from './modules/account/admin-bootstrap';

/** Process entry: config, database and migrations, first admin, HTTP and (by default) job workers. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, ctx } = await buildApp(config);
  await ensureFirstAdmin(ctx.db, config.admin, (line) => console.log(line));
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Broadcast is running at ${config.publicUrl} (database: ${ctx.database.kind}, workers: ${config.workers ? 'on' : 'off'})`,
  );
}

await main();
