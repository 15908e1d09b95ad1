/**
 * The logger's serializers on real database errors (PGlite raises PostgreSQL's own errors) and on
 * the URLs of emailed links.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSerializers, scrubError, scrubUrl } from './log-safety';

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec('create table secrets (value text primary key)');
  await db.query('insert into secrets values ($1)', ['first-secret-value']);
});
afterAll(async () => {
  await db?.close();
});

const logged = (error: unknown) => JSON.stringify(logSerializers.err(error));

describe('log safety', () => {
  it('keeps the reason and the constraint of a database error, not the values', async () => {
    const duplicate = await db
      .query('insert into secrets values ($1)', ['first-secret-value'])
      .catch((e) => e);
    expect(String(duplicate.detail)).toContain('first-secret-value');
    const text = logged(duplicate);
    expect(text).toContain('duplicate key value violates unique constraint');
    expect(text).toContain('23505');
    expect(text).not.toContain('first-secret-value');

    const badUuid = await db.query('select $1::uuid', ['uuid-shaped-secret']).catch((e) => e);
    expect(badUuid.message).toContain('uuid-shaped-secret');
    expect(logged(badUuid)).toContain('invalid input syntax for type uuid');
    expect(logged(badUuid)).not.toContain('uuid-shaped-secret');
  });

  it("drops Drizzle's params from the message, the stack and the causes", async () => {
    const cause = await db.query('insert into secrets values ($1)', ['first-secret-value']).catch((e) => e);
    const wrapped = Object.assign(
      new Error('Failed query: insert into "secrets" values ($1)\nparams: first-secret-value', { cause }),
      { query: 'insert into "secrets" values ($1)', params: ['first-secret-value'] },
    );
    const serialized = logSerializers.err(wrapped) as { message: string; stack: string };
    expect(serialized.message).toContain('Failed query: insert into "secrets" values ($1)');
    expect(serialized.stack).toContain('at ');
    expect(JSON.stringify(serialized)).not.toContain('first-secret-value');
    // The error thrown is left as it was.
    expect(wrapped.message).toContain('params: first-secret-value');
    expect(scrubError('not an error')).toBe('not an error');
  });

  it('logs URLs without the tokens of links or query values', () => {
    expect(scrubUrl('/verify/abcDEF123_-x')).toBe('/verify/[token]');
    expect(scrubUrl('/newpassword/abc?x=1&y')).toBe('/newpassword/[token]?x=…&y=…');
    // The signed links of notification emails work without a session: they are secrets too.
    expect(scrubUrl('/unsubscribe/a.b.c')).toBe('/unsubscribe/[token]');
    expect(scrubUrl('/api/email/open/a.b.c')).toBe('/api/email/open/[token]');
    expect(scrubUrl('/api/email/unsubscribe/a.b.c')).toBe('/api/email/unsubscribe/[token]');
    expect(scrubUrl('/api/establishments?search=secret')).toBe('/api/establishments?search=…');
    expect(scrubUrl('/app/account')).toBe('/app/account');
    expect(logSerializers.req({ method: 'GET', url: '/verify/tok', ip: '127.0.0.1' })).toEqual({
      method: 'GET',
      url: '/verify/[token]',
      remoteAddress: '127.0.0.1',
    });
  });
});
