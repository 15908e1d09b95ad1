import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type actors, PASSWORD, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { csvObjects, parseCsv } from '../../../../tests/support/csv';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import type {
  EstablishmentExportRow,
  FollowerExportRow,
  UserExportRow,
} from '../../../shared/schemas/export.schema';
import { establishments, preferenceGroups, preferences, userPreferences, type users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { insertUser } from '../account';

/** What the files hold: the columns, the rows, the filters, and nothing that must not leave. */

let t: TestApp;
let act: ReturnType<typeof actors>;
let admin: Session;
let venueId: string;
let venuePublicId: string;
/** Every person of this file carries the tag in their last name, so exports can be narrowed to them. */
const TAG = `exp${Date.now().toString(36)}`;
let hash: string;

async function person(firstName: string, extra: Partial<typeof users.$inferInsert> = {}) {
  return (await insertUser(t.ctx.db, {
    email: uniqueEmail(firstName.toLowerCase().replace(/[^a-z]/g, '') || 'p'),
    passwordHash: hash,
    firstName,
    lastName: `Export ${TAG}`,
    phone: '+421 900 111 222',
    role: 'customer',
    ...extra,
  }))!;
}

const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });

const fixture = setupRouteFixture();
beforeAll(async () => {
  ({ t, a: act, admin } = fixture);
  hash = await hashPassword(PASSWORD);
  const venue = await act.establishment(admin, `Export Café ${TAG}`);
  venueId = venue.id;
  venuePublicId = venue.publicId;
});

describe('the users export', () => {
  it('streams a CSV with a header line, one line per user, filters applied and formulas neutralized', async () => {
    const anna = await person('Anna', { emailVerified: true, discountedPrices: true });
    await person('=HYPERLINK("http://evil.example","x")');
    await person('@SUM(A1)', { phone: '-1+1' });
    await act.addMember(admin, venueId, anna.email, 'customer');

    const res = await get(`/api/management/export/users?format=csv&search=${TAG}&sort=name`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // A byte order mark first, so spreadsheets read UTF-8; the header line after it.
    expect(res.body.startsWith('\uFEFFID,First name,Last name,Email,Phone,Role,Email verified')).toBe(true);

    const rows = csvObjects(res.body);
    expect(rows).toHaveLength(3);
    const annaRow = rows.find((row) => row['First name'] === 'Anna')!;
    expect(annaRow).toMatchObject({
      ID: anna.id,
      Email: anna.email,
      Role: 'customer',
      'Email verified': 'true',
      'Discounted prices': 'true',
      Establishments: '1',
      // A leading + starts a formula too: the apostrophe makes it text.
      Phone: "'+421 900 111 222",
    });
    expect(rows.map((row) => row['First name']).sort()).toEqual(
      ['\'=HYPERLINK("http://evil.example","x")', "'@SUM(A1)", 'Anna'].sort(),
    );
    expect(rows.find((row) => row['First name'] === "'@SUM(A1)")?.Phone).toBe("'-1+1");
    expect(res.body).not.toContain(hash);
    expect(res.body.toLowerCase()).not.toContain('password');
  });

  it('answers the same people as a JSON array, with the same filters', async () => {
    const verified = await person('Vera', { emailVerified: true });
    await person('Ugo');
    const res = await get(`/api/management/export/users?format=json&search=${TAG}&verified=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="users-\d{4}-\d{2}-\d{2}\.json"/);
    const rows = res.json<UserExportRow[]>();
    expect(rows.map((row) => row.firstName).sort()).toEqual(['Anna', 'Vera']);
    const vera = rows.find((row) => row.id === verified.id)!;
    expect(vera).toEqual({
      id: verified.id,
      firstName: 'Vera',
      lastName: `Export ${TAG}`,
      email: verified.email,
      phone: '+421 900 111 222',
      role: 'customer',
      emailVerified: true,
      discountedPrices: false,
      createdAt: verified.createdAt.toISOString(),
      lastLoginAt: null,
      establishments: 0,
    });
    expect(res.body).not.toContain(hash);

    const none = await get(`/api/management/export/users?format=json&search=${TAG}nobody`);
    expect(none.json()).toEqual([]);
    const noneCsv = await get(`/api/management/export/users?format=csv&search=${TAG}nobody`);
    expect(parseCsv(noneCsv.body)).toHaveLength(1);
  });

  it('streams every row of a few thousand, in order, none twice', async () => {
    const many = 2_345;
    const tag = `${TAG}bulk`;
    // SETUP: one statement, as the benchmark seeds.
    await t.ctx.database.sql.executeSql(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, created_at)
       SELECT $1 || g || '@bulk.test', 'x', 'Bulk', $1, 'customer', now() - g * interval '1 second'
       FROM generate_series(1, $2::int) AS g`,
      [tag, many],
    );
    const csv = await get(`/api/management/export/users?format=csv&search=${tag}&sort=oldest`);
    const rows = csvObjects(csv.body);
    expect(rows).toHaveLength(many);
    expect(new Set(rows.map((row) => row.ID)).size).toBe(many);
    expect(rows[0]!.Email).toBe(`${tag}${many}@bulk.test`);
    expect(rows.at(-1)!.Email).toBe(`${tag}1@bulk.test`);

    const json = await get(`/api/management/export/users?format=json&search=${tag}`);
    const items = json.json<UserExportRow[]>();
    expect(items).toHaveLength(many);
    expect(items[0]!.email).toBe(`${tag}1@bulk.test`);
  });
});

describe('the establishments export', () => {
  it('lists public fields, state and followers, without deleted ones or private paperwork', async () => {
    const blocked = await act.establishment(admin, `Blocked Bar ${TAG}`);
    const gone = await act.establishment(admin, `Gone Bar ${TAG}`);
    await t.ctx.db
      .update(establishments)
      .set({ blockedAt: new Date() })
      .where(eq(establishments.id, blocked.id));
    await t.ctx.db
      .update(establishments)
      .set({ deletedAt: new Date() })
      .where(eq(establishments.id, gone.id));
    await act.followerOf(venueId, 'venue-fan');

    const json = await get('/api/management/export/establishments?format=json');
    expect(json.statusCode, json.body).toBe(200);
    const rows = json.json<EstablishmentExportRow[]>();
    const venue = rows.find((row) => row.id === venueId)!;
    expect(venue).toMatchObject({
      publicId: venuePublicId,
      active: true,
      blocked: false,
      city: 'Bratislava',
    });
    expect(venue.followers).toBeGreaterThanOrEqual(1);
    expect(rows.find((row) => row.id === blocked.id)?.blocked).toBe(true);
    expect(rows.some((row) => row.id === gone.id)).toBe(false);
    expect(json.body).not.toContain('2020123456');

    const csv = await get('/api/management/export/establishments');
    expect(csv.headers['content-disposition']).toMatch(/filename="establishments-[\d-]+\.csv"/);
    const line = csvObjects(csv.body).find((row) => row.ID === venueId)!;
    expect(line).toMatchObject({ Name: `Export Café ${TAG}`, Active: 'true', Blocked: 'false' });
  });
});

describe('the followers export', () => {
  it('lists the followers with their preferences, not the operators nor other businesses’ followers', async () => {
    const shop = await act.establishment(admin, `Follower Shop ${TAG}`);
    const fan = await act.followerOf(shop.id, 'fan');
    await act.clientOf(admin, shop.id, 'shop-operator');
    await act.followerOf(venueId, 'elsewhere');
    const [group] = await t.ctx.db.insert(preferenceGroups).values({ name: 'Food' }).returning();
    const picked = await t.ctx.db
      .insert(preferences)
      .values([
        { groupId: group!.id, name: 'Vegan' },
        { groupId: group!.id, name: 'Brunch' },
      ])
      .returning();
    await t.ctx.db
      .insert(userPreferences)
      .values(picked.map((p) => ({ userId: fan.id, preferenceId: p.id })));

    const json = await get(`/api/management/export/followers?establishmentId=${shop.id}&format=json`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="followers-Follower-Shop-${TAG}-[\\d-]+\\.json"$`),
    );
    const rows = json.json<FollowerExportRow[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: fan.email,
      emailVerified: true,
      discountedPrices: false,
      notify: 'auto',
      paused: false,
      preferences: ['Brunch', 'Vegan'],
    });

    const csv = await get(`/api/management/export/followers?establishmentId=${shop.id}`);
    expect(parseCsv(csv.body)[0]).toEqual([
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Email verified',
      'Discounted prices',
      'Followed since',
      'Notified by',
      'Paused',
      'Preferences',
    ]);
    expect(csvObjects(csv.body)[0]).toMatchObject({
      Email: fan.email,
      'Notified by': 'auto',
      Paused: 'false',
      Preferences: 'Brunch; Vegan',
    });
  });
});
