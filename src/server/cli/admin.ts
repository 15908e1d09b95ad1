import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { resolveDrizzleFilesDirectly } from '../lib/drizzle-resolution';
import { acquireEmbeddedLock, EmbeddedDatabaseInUse, usesEmbeddedDatabase } from '../lib/embedded-lock';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create --email EMAIL [--role admin|representant] [--first-name NAME] [--last-name NAME]
      Create an admin (or a representative) and print its generated password.

Options:
  -h, --help   Show this help.

Works on the server's database: DATABASE_URL (PostgreSQL, also while servers run), or the
embedded database under DATA_DIR (only while the server is stopped).`;

/** Wrong use: the usage on stderr, exit code 2. */
function usageError(problem?: string): never {
  if (problem) console.error(`${problem}\n`);
  console.error(USAGE);
  process.exit(2);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const parse = () =>
  parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      email: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });

/** `npm run admin -- create --email E [--role representant]`: creates an admin (or representative) and prints a generated password. */
async function main() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    // Unknown option, missing value: node's message says which.
    usageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (values.help || positionals[0] === 'help') {
    console.log(USAGE);
    return;
  }
  const [command, ...extra] = positionals;
  if (!command) usageError();
  if (command !== 'create') usageError(`Unknown command: ${command}`);
  if (extra.length > 0) usageError(`Unexpected argument: ${extra[0]}`);
  const { email, role } = values;
  if (!email) usageError('create needs --email');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) usageError(`Not an email address: ${email}`);
  if (role !== 'admin' && role !== 'representant') usageError(`--role is admin or representant, not ${role}`);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // The embedded database belongs to the server while it runs: a user created here would be
  // written to a copy the server never reads, and lost.
  let lock: { release(): void } | undefined;
  if (usesEmbeddedDatabase(config.databaseUrl)) {
    try {
      lock = acquireEmbeddedLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
      fail(
        `The server is running with the embedded database (pid ${error.pid}): stop it first, ` +
          'or create the user in the app / with POST /api/management/users',
      );
    }
  }
  resolveDrizzleFilesDirectly();
  // Imported only now: the database driver and the account code take seconds to load, which
  // --help and a mistyped command need not wait for.
  const [{ openDatabase }, { createAdmin }] = await Promise.all([
    import('../db/client'),
    import('../modules/account/admin-bootstrap'),
  ]);
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  try {
    await database.migrate();
    const created = await createAdmin(database.db, {
      email,
      firstName: values['first-name'],
      lastName: values['last-name'],
      role,
    });
    console.log(
      `${role === 'admin' ? 'Admin' : 'Representative'} created: ${created.email}\nPassword: ${created.generatedPassword}`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
    lock?.release();
  }
}

try {
  await main();
} catch (error) {
  // No stack trace for people: what went wrong, and a failing exit code.
  console.error(`admin: ${(error as Error).message ?? error}`);
  process.exit(1);
}
