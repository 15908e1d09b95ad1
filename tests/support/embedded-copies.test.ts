import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { pgliteClientOf as clientOf, takeEmbeddedCopy } from './embedded-copies';
import { createTestDatabaseUrl } from './test-database';

async function counts(database: Database) {
  const { rows } = await clientOf(database).query<Record<string, number>>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from pgboss.queue) as queues,
            (select count(*)::int from app_secrets) as secrets,
            (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
            (select last_value::int from drizzle.__drizzle_migrations_id_seq) as "migrationSequence"`,
  );
  return rows[0]!;
}

const copies = async () => {
  const { url, from } = await createTestDatabaseUrl();
  return { take: () => takeEmbeddedCopy(url, '/nonexistent', from!) };
};

describe.runIf(!process.env.TEST_DATABASE_URL)('PGlite copies kept by a worker', () => {
  it("comes back with the template's rows and sequences, none of the last file's, and its settings reset", async () => {
    const { take } = await copies();
    const first = await take();
    const template = await counts(first.database);
    expect(template.queues).toBeGreaterThan(0);
    const client = clientOf(first.database);
    await client.exec(`
      insert into users (id, email, first_name, last_name, role, password_hash)
        values (gen_random_uuid(), 'kept@example.test', 'Kept', 'Copy', 'client', 'x');
      delete from pgboss.queue;
      delete from app_secrets;
      select nextval('drizzle.__drizzle_migrations_id_seq');
      set statement_timeout = '1234ms';
      select pg_advisory_lock(42);`);
    expect((await counts(first.database)).users).toBe(1);
    first.release();

    const second = await take();
    expect(clientOf(second.database)).toBe(client);
    expect(await counts(second.database)).toEqual(template);
    const { rows } = await client.query<{ timeout: string; locks: number }>(
      `select current_setting('statement_timeout') as timeout,
              (select count(*)::int from pg_locks where locktype = 'advisory') as locks`,
    );
    expect(rows[0]).toEqual({ timeout: '0', locks: 0 });
    second.release();
  });

  it('is replaced by a new copy once a test changed its schema or closed it', async () => {
    const { take } = await copies();
    const renamed = await take();
    await clientOf(renamed.database).exec('alter table users rename to users_away');
    renamed.release();
    const next = await take();
    expect(clientOf(next.database)).not.toBe(clientOf(renamed.database));
    expect(clientOf(renamed.database).closed).toBe(true);
    expect((await counts(next.database)).users).toBe(0);

    await next.database.close();
    next.release();
    const after = await take();
    expect(clientOf(after.database)).not.toBe(clientOf(next.database));
    expect((await counts(after.database)).users).toBe(0);
    after.release();
  });
});
