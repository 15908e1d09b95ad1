import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAdmin } from '../modules/account/admin-bootstrap';

const USAGE =
  'Usage: npm run admin -- create --email EMAIL [--role admin|representant] [--first-name NAME] [--last-name NAME]';

/** `npm run admin -- create --email E [--role representant]`: creates an admin (or representative) and prints a generated password. */
async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const role = values.role;
  if (
    positionals[0] !== 'create' ||
    !values.email ||
    !/^[^\s@]+@[^\s@]+$/.test(values.email) ||
    (role !== 'admin' && role !== 'representant')
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  try {
    await database.migrate();
    const created = await createAdmin(database.db, {
      email: values.email,
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
  }
}

await main();
