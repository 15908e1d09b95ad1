import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import journal from './migrations/meta/_journal.json';
import { openMigratedDatabase } from './open-migrated';

const dir = mkdtempSync(path.join(tmpdir(), 'broadcast-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The log lines a start writes, as its logger would get them. */
function lines() {
  const logged: { migrations: string[]; msg: string }[] = [];
  return {
    logged,
    log: { info: (obj: object, msg: string) => logged.push({ ...(obj as { migrations: string[] }), msg }) },
  };
}

describe('opening the database at start', () => {
  it('says which migrations it applied, and on the next start that there were none', async () => {
    const tags = journal.entries.map((entry) => entry.tag);
    const first = lines();
    const database = await openMigratedDatabase({ databaseUrl: undefined, dataDir: dir }, first.log);
    await database.close();
    expect(first.logged).toEqual([
      { migrations: tags, msg: `database migrations applied: ${tags.length} (${tags[0]} to ${tags.at(-1)})` },
    ]);

    const second = lines();
    const again = await openMigratedDatabase({ databaseUrl: undefined, dataDir: dir }, second.log);
    await again.close();
    expect(second.logged).toEqual([
      { migrations: [], msg: 'database migrations: none to apply, the schema is up to date' },
    ]);
  }, 60_000);

  it('an embedded database it cannot create is a ConfigError naming DATA_DIR, with the reason', async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    const opening = openMigratedDatabase({ databaseUrl: undefined, dataDir: file }, lines().log);
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow(
      /^Cannot start: the database could not be opened:\n {2}DATA_DIR: the embedded database in .*a-file\/pglite could not be opened and migrated: ENOTDIR/,
    );
  });
});
