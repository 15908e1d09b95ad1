import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type actors, PASSWORD, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { Msg } from '../../../shared/messages';
import type { ManagedUser, UserList } from '../../../shared/schemas/user-management.schema';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { insertUser } from '../account';

let t: TestApp;
let act: ReturnType<typeof actors>;
let admin: Session;
/** Every person of this file carries the tag in their last name, so lists can be narrowed to them. */
const TAG = `list${Date.now().toString(36)}`;

async function person(firstName: string, lastName: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await Promise.all([
    insertUser(t.ctx.db, {
      email: uniqueEmail(
        firstName
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '') || 'p',
      ),
      passwordHash: await hashPassword(PASSWORD),
      firstName,
      lastName: `${lastName} ${TAG}`,
      phone: '+421 900 111 222',
      role: 'customer',
      ...extra,
    }),
  ]);
  return row!;
}

const list = (query: string, token = admin.token) =>
  t.request({ method: 'GET', url: `/api/management/users?${query}`, token });

/** First names of this file's people matching `search` (words) and the other `filters`. */
async function names(search: string, filters = ''): Promise<string[]> {
  const res = await list(`search=${encodeURIComponent(`${TAG} ${search}`)}&${filters}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UserList>().items.map((u) => u.firstName);
}

const fixture = setupRouteFixture();
beforeAll(() => {
  ({ t, a: act, admin } = fixture);
});

describe('the people list', () => {
  it('finds people whatever the case and accents, word by word, over name, email and phone', async () => {
    await person('Zlatý', 'Košice');
    await person('Ľubomír', 'Čierny');
    await person('Anna', 'Kosicka', { phone: '+421 944 555 666' });

    expect(await names('kosice')).toEqual(['Zlatý']);
    expect(await names('ZLATY')).toEqual(['Zlatý']);
    expect(await names('lubomir cierny')).toEqual(['Ľubomír']);
    expect(await names('944 555')).toEqual(['Anna']);
    // Pattern characters are literal: a % finds nobody rather than everybody.
    expect(await names('%')).toEqual([]);
  });

  it('filters by role, verified flag, establishment followed and creation dates', async () => {
    const old = await person('Olga', 'Filter', { emailVerified: true });
    await t.ctx.db
      .update(users)
      .set({ createdAt: new Date('2024-03-10T12:00:00Z') })
      .where(eq(users.id, old.id));
    const fan = await person('Filip', 'Filter', { role: 'representant' });
    await person('Fero', 'Filter');
    const venue = await act.establishment(admin, `Filter bar ${TAG}`);
    await act.addMember(admin, venue.id, fan.email, 'customer');

    expect(await names('filter', 'verified=true')).toEqual(['Olga']);
    expect((await names('filter', 'verified=false')).sort()).toEqual(['Fero', 'Filip']);
    expect(await names('filter', 'role=representant')).toEqual(['Filip']);
    expect(await names('filter', `establishmentId=${venue.id}`)).toEqual(['Filip']);
    // Whole days, both ends included.
    expect(await names('filter', 'createdFrom=2024-03-10&createdTo=2024-03-10')).toEqual(['Olga']);
    expect(await names('filter', 'createdTo=2024-12-31')).toEqual(['Olga']);
    expect((await names('filter', 'createdFrom=2025-01-01')).sort()).toEqual(['Fero', 'Filip']);
  });

  it('names the field of a bad filter, and refuses an end date before the start date', async () => {
    const backwards = await list('createdFrom=2025-05-02&createdTo=2025-05-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ createdTo: Msg.endAfterStart });

    const bad = await list('createdFrom=yesterday&verified=maybe&sort=random&establishmentId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      createdFrom: Msg.invalidDate,
      verified: 'Choose true or false',
      sort: 'Choose one of: newest, oldest, name, email',
      establishmentId: Msg.establishmentNotFound,
    });
    expect((await list(`search=${'x'.repeat(101)}`)).json().fields).toHaveProperty('search');
  });

  it('pages through every match once, in the chosen order, by cursor', async () => {
    const firstNames = ['Émile', 'Adam', 'Čestmír', 'Boris', 'Dana', 'Cyril', 'Ábel'];
    for (const name of firstNames) await person(name, 'Pager');
    const everyPage = async (sort: string) => {
      const seen: ManagedUser[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(
          `search=pager&sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<UserList>();
        expect(page.total).toBe(firstNames.length);
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      return seen.map((u) => u.firstName);
    };
    // By last name, then first name, without regard to accents: Á and A together, Č with C.
    expect(await everyPage('name')).toEqual(['Ábel', 'Adam', 'Boris', 'Čestmír', 'Cyril', 'Dana', 'Émile']);
    expect(await everyPage('oldest')).toEqual(firstNames);
    expect(await everyPage('newest')).toEqual([...firstNames].reverse());
    expect((await everyPage('email')).sort()).toEqual([...firstNames].sort());
  });

  it('refuses a forged cursor or one from another order, on the cursor field', async () => {
    await person('Cursor', 'One');
    await person('Cursor', 'Two');
    const first = await list(`search=cursor%20${TAG}&sort=name&limit=1`);
    const { nextCursor } = first.json<UserList>();
    expect(nextCursor).toBeTruthy();
    for (const cursor of [
      encodeURIComponent(nextCursor!),
      'not-a-cursor',
      Buffer.from('[1,2]').toString('base64url'),
    ]) {
      const res = await list(`sort=newest&cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ cursor: Msg.invalidCursor });
    }
  });

  it('is for admins only: 401 for guests, 403 for every other role', async () => {
    expect((await t.request({ method: 'GET', url: '/api/management/users' })).statusCode).toBe(401);
    for (const role of ['customer', 'client', 'representant'] as const) {
      const user = await act.userWithRole(role);
      expect((await list('', user.token)).statusCode).toBe(403);
    }
  });
});
