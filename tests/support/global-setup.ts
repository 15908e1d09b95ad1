import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate } from './database-template';

/**
 * Once per test run, before any test file: the migrated database every test file copies
 * (tests/support/database-template.ts), on PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('databaseTemplate', { postgres: await preparePostgresTemplate(serverUrl) });
    return;
  }
  project.provide('databaseTemplate', { pgliteDump: await preparePgliteTemplate() });
}
