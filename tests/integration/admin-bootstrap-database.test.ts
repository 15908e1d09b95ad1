import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { verifyPassword } from '../../src/server/lib/passwords';
import { createAdmin, ensureFirstAdmin } from '../../src/server/modules/account/admin-bootstrap';
import { GENERATED, setupTempDirs, tempDir, userByEmail } from '../support/admin-processes';

setupTempDirs();

describe('ensureFirstAdmin and createAdmin on a real database', () => {
  let database: Database;
  let printed: string[];
  const print = (line: string) => printed.push(line);

  beforeAll(async () => {
    // PGlite in memory; the data directory is not used for memory:// but must be a real path.
    database = await openDatabase('memory://', await tempDir());
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    // Each case starts from a database without users.
    await database.db.delete(users);
    printed = [];
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, and never prints the password', async () => {
    await ensureFirstAdmin(database.db, { email: 'Boss@Example.com', password: 'correct horse 7' }, print);

    const admin = await userByEmail(database.db, 'boss@example.com');
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await verifyPassword(admin!.passwordHash, 'correct horse 7')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'wrong password')).toBe(false);
    expect(await userByEmail(database.db, 'admin@localhost')).toBeUndefined();
    expect(printed).toEqual(['First admin created: boss@example.com (password from ADMIN_PASSWORD)']);
    expect(printed.join('\n')).not.toContain('correct horse 7');
  });

  it('without ADMIN_EMAIL and ADMIN_PASSWORD, creates admin@localhost and prints a generated password once', async () => {
    await ensureFirstAdmin(database.db, {}, print);

    expect(printed).toHaveLength(1);
    const output = printed[0]!;
    expect(output).toContain('First admin created: admin@localhost');
    const password = output.match(/Password: (\S+)/)?.[1];
    expect(password).toMatch(GENERATED);
    const admin = await userByEmail(database.db, 'admin@localhost');
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
  });

  it('with ADMIN_EMAIL but no ADMIN_PASSWORD, falls back to admin@localhost with a generated password', async () => {
    await ensureFirstAdmin(database.db, { email: 'boss@example.com' }, print);
    expect(await userByEmail(database.db, 'boss@example.com')).toBeUndefined();
    expect(await userByEmail(database.db, 'admin@localhost')).toMatchObject({ role: 'admin' });
    expect(printed.join('\n')).toMatch(/Password: \S+/);
  });

  it('does nothing and prints nothing once an admin exists', async () => {
    await ensureFirstAdmin(database.db, {}, print);
    expect(printed).toHaveLength(1);
    const before = await userByEmail(database.db, 'admin@localhost');

    await ensureFirstAdmin(database.db, {}, print);
    await ensureFirstAdmin(database.db, { email: 'other@example.com', password: 'another pass' }, print);

    expect(printed).toHaveLength(1);
    const admins = await database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    // The first admin's password is left alone.
    expect((await userByEmail(database.db, 'admin@localhost'))!.passwordHash).toBe(before!.passwordHash);
  });

  it('does not take over an existing non-admin account at admin@localhost', async () => {
    await database.db.insert(users).values({
      email: 'admin@localhost',
      passwordHash: 'not-a-hash',
      firstName: 'Someone',
      lastName: 'Else',
      role: 'customer',
    });
    await ensureFirstAdmin(database.db, {}, print);
    expect(printed).toEqual([]);
    expect(await userByEmail(database.db, 'admin@localhost')).toMatchObject({ role: 'customer' });
  });

  it('createAdmin normalizes the email, generates a password when none is given, and refuses duplicates', async () => {
    const created = await createAdmin(database.db, { email: '  New.Admin@Example.com ', firstName: 'Nia' });
    expect(created.email).toBe('new.admin@example.com');
    expect(created.generatedPassword).toMatch(GENERATED);
    const row = await userByEmail(database.db, 'new.admin@example.com');
    expect(row).toMatchObject({ role: 'admin', firstName: 'Nia', emailVerified: true });
    expect(await verifyPassword(row!.passwordHash, created.generatedPassword!)).toBe(true);

    const given = await createAdmin(database.db, { email: 'given@example.com', password: 'given-password' });
    expect(given.generatedPassword).toBeUndefined();

    await expect(createAdmin(database.db, { email: 'NEW.ADMIN@example.com' })).rejects.toThrow(
      'A user with the email new.admin@example.com already exists.',
    );
  });
});
