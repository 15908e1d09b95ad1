import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** A Node process as the entry points run (tsx as a loader), printing what `code` logs. */
async function runNode(code: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', code],
    { cwd: process.cwd() },
  );
  return stdout.trim();
}

describe('drizzle-orm files resolved directly', () => {
  it('loads drizzle-orm through the shortcut, which builds the same SQL as without it', async () => {
    const query = `
      const { eq } = await import('drizzle-orm');
      const { QueryBuilder, integer, pgTable, text } = await import('drizzle-orm/pg-core');
      const people = pgTable('people', { id: integer('id').primaryKey(), name: text('name') });
      const sql = new QueryBuilder().select({ name: people.name }).from(people).where(eq(people.id, 7)).toSQL();`;
    const direct = JSON.parse(
      await runNode(`
        const { resolveDrizzleFilesDirectly } = await import('./src/server/lib/drizzle-resolution.ts');
        const shortcut = resolveDrizzleFilesDirectly();
        ${query}
        console.log(JSON.stringify({ sql, resolved: shortcut.resolved() }));`),
    );
    const plain = JSON.parse(await runNode(`${query} console.log(JSON.stringify({ sql }));`));
    // Most of drizzle-orm's files are reached by relative imports, each one a package.json read saved.
    expect(direct.resolved).toBeGreaterThan(200);
    expect(direct.sql).toEqual(plain.sql);
    expect(direct.sql.sql).toBe('select "name" from "people" where "people"."id" = $1');
    expect(direct.sql.params).toEqual([7]);
  }, 60_000);
});
