/**
 * Every action that changes who follows a business or what it published records a domain event in
 * its own transaction. Triggers added for this test note the transaction of each such
 * change and of each event; the actions below are every way the app changes follows and posts, and
 * each must leave no change without an event of its transaction. A new way to follow or post that
 * forgets its event fails here once it is added to the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type Session, uniqueEmail } from '../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../tests/support/route-fixture';
import type { Establishment } from '../../shared/schemas/establishment.schema';
import type { Post } from '../../shared/schemas/notification.schema';
import { WebhookEventDataSchemas } from '../../shared/schemas/webhook-events.schema';
import { releaseDueNotifications } from '../jobs/release-scheduled.job';

const fixture = setupRouteFixture();

const WATCH = `
  CREATE TABLE IF NOT EXISTS test_changes (tx bigint NOT NULL, what text NOT NULL);
  CREATE OR REPLACE FUNCTION test_note_follow() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF (TG_OP = 'INSERT' AND NEW.kind = 'customer')
       OR (TG_OP = 'DELETE' AND OLD.kind = 'customer')
       OR (TG_OP = 'UPDATE' AND OLD.kind IS DISTINCT FROM NEW.kind) THEN
      INSERT INTO test_changes VALUES (txid_current(), 'follows');
    END IF;
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION test_note_post() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'UPDATE'
       OR OLD.text IS DISTINCT FROM NEW.text
       OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
       OR (OLD.status = 'scheduled' AND NEW.status <> 'scheduled') THEN
      INSERT INTO test_changes VALUES (txid_current(), 'posts');
    END IF;
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION test_note_event() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO test_changes VALUES (txid_current(), 'event:' || NEW.type);
    RETURN NULL;
  END $$;
  CREATE TRIGGER test_follows AFTER INSERT OR UPDATE OR DELETE ON memberships
    FOR EACH ROW EXECUTE FUNCTION test_note_follow();
  CREATE TRIGGER test_posts AFTER INSERT OR UPDATE OR DELETE ON notifications
    FOR EACH ROW EXECUTE FUNCTION test_note_post();
  CREATE TRIGGER test_events AFTER INSERT ON domain_events
    FOR EACH ROW EXECUTE FUNCTION test_note_event();
`;

const sql = (text: string, values: unknown[] = []) => fixture.t.ctx.database.sql.executeSql(text, values);

/** Run an action; answer the event types it recorded, failing when a change of it has none. */
async function eventsOf(action: () => Promise<unknown>): Promise<string[]> {
  await sql('DELETE FROM test_changes');
  await action();
  const { rows } = await sql('SELECT tx::text AS tx, what FROM test_changes');
  const changes = rows as { tx: string; what: string }[];
  const withEvent = new Set(changes.filter((c) => c.what.startsWith('event:')).map((c) => c.tx));
  const silent = changes.filter((c) => !c.what.startsWith('event:') && !withEvent.has(c.tx));
  expect(silent, 'a change of follows or posts without an event in its transaction').toEqual([]);
  expect(
    changes.some((c) => !c.what.startsWith('event:')),
    'the action changed follows or posts',
  ).toBe(true);
  return changes.filter((c) => c.what.startsWith('event:')).map((c) => c.what.slice('event:'.length));
}

describe('domain events', () => {
  let shop: Establishment;
  let operator: Session;
  beforeAll(async () => {
    await sql(WATCH);
    shop = await fixture.a.establishment(fixture.admin, 'Evented Deli');
    operator = await fixture.a.clientOf(fixture.admin, shop.id, 'evented-op');
  });

  it('a follow and an unfollow on the public page', async () => {
    const { a } = fixture;
    const customer = await a.userWithRole('customer', 'evented-follower');
    expect(await eventsOf(() => a.follow(customer, shop.id))).toEqual(['follow']);
    const res = () => a.call('DELETE', `/api/establishments/${shop.id}/follow`, undefined, customer.token);
    expect(await eventsOf(res)).toEqual(['unfollow']);
  });

  it('deleting an account, by its owner or by an admin: an unfollow for each business it followed', async () => {
    const { a, admin } = fixture;
    const other = await a.establishment(admin, 'Evented Bakery');
    for (const by of ['owner', 'admin'] as const) {
      const customer = await a.userWithRole('customer', `evented-deleted-${by}`);
      await a.follow(customer, shop.id);
      await a.follow(customer, other.id);
      const remove =
        by === 'owner'
          ? () => a.call('DELETE', '/api/account', { currentPassword: PASSWORD }, customer.token)
          : () => a.call('DELETE', `/api/management/users/${customer.id}`, undefined, admin.token);
      const events = await eventsOf(async () => {
        const res = await remove();
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(events).toEqual(['unfollow', 'unfollow']);
      const { rows } = await sql(
        `SELECT establishment_id FROM domain_events WHERE type = 'unfollow' AND subject_id = $1 ORDER BY 1`,
        [customer.id],
      );
      expect(rows.map((r) => (r as { establishment_id: string }).establishment_id)).toEqual(
        [shop.id, other.id].sort(),
      );
    }
  });

  it('registering with a business, and confirming the address', async () => {
    const { a, t } = fixture;
    const email = uniqueEmail('evented-register');
    const body = {
      firstName: 'Eva',
      lastName: 'Event',
      email,
      phone: '+421 900 111 222',
      terms: true,
      establishmentId: shop.id,
    };
    const events = await eventsOf(async () => {
      const res = await a.call('POST', '/api/account/register', body);
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(events).toEqual(['follow']);
    const mail = await t.mail.waitFor(email);
    const link = mail.links.find((l) => l.includes('/verify'))!;
    const token = new URL(link).pathname.split('/').pop()!;
    await sql('DELETE FROM test_changes');
    const res = await a.call('POST', '/api/account/verify', { token });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await sql("SELECT what FROM test_changes WHERE what LIKE 'event:%'");
    expect((rows as { what: string }[]).map((r) => r.what)).toEqual(['event:follower.verified']);
  });

  it('an operator adding a customer; an admin adding, changing and removing a member; an admin editing links', async () => {
    const { a, admin } = fixture;
    const addCustomer = () =>
      a
        .call(
          'POST',
          '/api/management/customers',
          {
            firstName: 'Cus',
            lastName: 'Tomer',
            email: uniqueEmail('evented-customer'),
            phone: '+421 900 333 444',
            establishmentId: shop.id,
          },
          operator.token,
        )
        .then((res) => expect(res.statusCode, res.body).toBe(201));
    expect(await eventsOf(addCustomer)).toEqual(['follow']);

    const person = await a.userWithRole('customer', 'evented-member');
    expect(await eventsOf(() => a.addMember(admin, shop.id, person.email, 'customer'))).toEqual(['follow']);
    expect(await eventsOf(() => a.addMember(admin, shop.id, person.email, 'client'))).toEqual(['unfollow']);
    expect(await eventsOf(() => a.addMember(admin, shop.id, person.email, 'customer'))).toEqual(['follow']);
    const remove = () =>
      a.call('DELETE', `/api/establishments/${shop.id}/members/${person.id}`, undefined, admin.token);
    expect(await eventsOf(remove)).toEqual(['unfollow']);

    const links = (establishments: { establishmentId: string; kind: string }[]) => () =>
      a
        .call('PATCH', `/api/management/users/${person.id}`, { establishments }, admin.token)
        .then((res) => expect(res.statusCode, res.body).toBe(200));
    expect(await eventsOf(links([{ establishmentId: shop.id, kind: 'customer' }]))).toEqual(['follow']);
    expect(await eventsOf(links([]))).toEqual(['unfollow']);
  });

  it('sending, editing, deleting and withdrawing posts; a scheduled send, its edit, release and cancel', async () => {
    const { a, t } = fixture;
    const send = (body: Record<string, unknown>) =>
      a.call('POST', `/api/establishments/${shop.id}/notifications`, body, operator.token);
    let post: Post | undefined;
    expect(
      await eventsOf(async () => {
        post = (await send({ text: 'Soup of the day', post: true })).json<{ notification: Post }>()
          .notification;
      }),
    ).toEqual(['notification.sent']);
    const edit = (id: string, body: Record<string, unknown>) => () =>
      a.call('PATCH', `/api/notifications/${id}`, body, operator.token);
    expect(await eventsOf(edit(post!.id, { text: 'Soup: lentils' }))).toEqual(['post.edited']);
    expect(await eventsOf(edit(post!.id, { text: 'Soup: lentils, again', updatePhones: true }))).toEqual([
      'post.edited',
    ]);
    expect(
      await eventsOf(() => a.call('DELETE', `/api/notifications/${post!.id}`, undefined, operator.token)),
    ).toEqual(['post.deleted']);
    const second = (await send({ text: 'Withdrawn', post: true })).json<{ notification: Post }>()
      .notification;
    const withdraw = () =>
      a.call('DELETE', `/api/notifications/${second.id}?withdraw=true`, undefined, operator.token);
    expect(await eventsOf(withdraw)).toEqual(['post.deleted']);

    const later = new Date(Date.now() + 3_600_000).toISOString();
    let scheduled: Post | undefined;
    expect(
      await eventsOf(async () => {
        const res = await send({ text: 'Later', post: true, scheduledFor: later });
        expect(res.statusCode, res.body).toBe(202);
        scheduled = res.json<{ notification: Post }>().notification;
      }),
    ).toEqual(['notification.scheduled']);
    expect(await eventsOf(edit(scheduled!.id, { text: 'Later, changed' }))).toEqual(['post.edited']);
    expect(
      await eventsOf(() => releaseDueNotifications(t.ctx, new Date(Date.now() + 2 * 3_600_000))),
    ).toEqual(['notification.sent']);
    const cancelled = (await send({ text: 'Never', post: true, scheduledFor: later })).json<{
      notification: Post;
    }>().notification;
    const cancel = () => a.call('DELETE', `/api/notifications/${cancelled.id}`, undefined, operator.token);
    expect(await eventsOf(cancel)).toEqual(['post.deleted']);
  });

  it('every event recorded above has the data its published schema says (what webhook receivers read)', async () => {
    const { rows } = await sql('SELECT type, data FROM domain_events');
    const events = rows as { type: string; data: unknown }[];
    const types = new Set(events.map((event) => event.type));
    expect(types.size, [...types].join(', ')).toBeGreaterThanOrEqual(7);
    for (const { type, data } of events) {
      const schema = WebhookEventDataSchemas[type as keyof typeof WebhookEventDataSchemas];
      expect(schema, `${type} is published`).toBeDefined();
      expect(schema!.strict().safeParse(data).error?.issues ?? [], type).toEqual([]);
    }
  });
});
