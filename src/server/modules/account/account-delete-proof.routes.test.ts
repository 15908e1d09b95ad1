/**
 * Deleting one's own account (DELETE /api/account) asks who deletes it to prove they hold it: the
 * current password from every session; a session opened by registering (provisional: whoever typed
 * the address holds it) may neither delete the account nor take its data away, even once an admin
 * made that address a business's operator. A guest follower (no password, no way to sign in
 * again) deletes with its device session; an account whose password has not come yet, with a
 * sign-in of the last minutes. Real app, database and push service.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { GuestFollowResponse } from '../../../shared/schemas/guest.schema';
import { sessions } from '../../db/schema';
import { UNUSABLE_PASSWORD } from './account.service';
import { FRESH_SIGN_IN_MINUTES } from './account-delete.service';
import { openSession } from './sign-in.service';
import { findUserByEmail, insertUser } from './users.repo';

const fixture = setupRouteFixture({ push: 1 });
const call = (...args: Parameters<(typeof fixture)['a']['call']>) => fixture.a.call(...args);
let shop: Establishment;
beforeAll(async () => {
  shop = await fixture.a.establishment(fixture.admin, 'Proof Bakery');
});

const deleteOwn = (token: string, payload?: object) => call('DELETE', '/api/account', payload, token);
const stillThere = async (email: string) => (await findUserByEmail(fixture.t.ctx.db, email)) !== undefined;

/** Someone registers an address on their own device: the session they get is provisional. */
async function registeredHere(email: string): Promise<string> {
  const res = await call('POST', '/api/account/register', {
    firstName: 'Eve',
    lastName: 'Stranger',
    email,
    phone: '+421 900 123 456',
    terms: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ accessToken: string }>().accessToken;
}

describe('a provisional session', () => {
  it('may not delete the account, even once an admin made the address an operator', async () => {
    const email = uniqueEmail('owner-to-be');
    const stranger = await registeredHere(email);
    await fixture.a.addMember(fixture.admin, shop.id, email, 'client');

    for (const payload of [undefined, { currentPassword: 'anything' }]) {
      const refused = expectError(await deleteOwn(stranger, payload), 403, ErrorCode.EMAIL_NOT_VERIFIED);
      expect(refused.error).toBe(Msg.emailNotVerified);
    }
    expect(await stillThere(email)).toBe(true);
    expect((await call('GET', '/api/account/me', undefined, stranger)).statusCode).toBe(200);
  });

  it('may not download the account’s data', async () => {
    const stranger = await registeredHere(uniqueEmail('data-taker'));
    const refused = await call('GET', '/api/account/export?format=json', undefined, stranger);
    expect(expectError(refused, 403, ErrorCode.EMAIL_NOT_VERIFIED).error).toBe(Msg.emailNotVerified);
  });
});

describe('the password', () => {
  it('is asked for: missing or wrong names the field and deletes nothing; right deletes; a guest has none', async () => {
    const user = await fixture.a.userWithRole('customer', 'leaver');
    expectError(await deleteOwn(user.token), 400, ErrorCode.CURRENT_PASSWORD_REQUIRED, {
      currentPassword: Msg.currentPasswordToDelete,
    });
    expectError(await deleteOwn(user.token, {}), 400, ErrorCode.CURRENT_PASSWORD_REQUIRED, {
      currentPassword: Msg.currentPasswordToDelete,
    });
    expectError(
      await deleteOwn(user.token, { currentPassword: 'not-my-password' }),
      400,
      ErrorCode.WRONG_PASSWORD,
      {
        currentPassword: Msg.currentPasswordWrong,
      },
    );
    expectError(await deleteOwn(user.token, { currentPassword: 42 }), 400, ErrorCode.VALIDATION, {
      currentPassword: Msg.currentPasswordToDelete,
    });
    expect(await stillThere(user.email)).toBe(true);

    const gone = await deleteOwn(user.token, { currentPassword: PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ message: Msg.accountDeleted });
    expect(await stillThere(user.email)).toBe(false);

    // A guest follower has none, nor any way to sign in again: its device session deletes it.
    const tap = await call('POST', '/api/account/guest', {
      establishmentId: shop.publicId,
      subscription: fixture.pushes[0]!.subscribe(),
      source: 'qr',
    });
    expect(tap.statusCode, tap.body).toBe(201);
    const guest = tap.json<GuestFollowResponse>();
    const guestGone = await deleteOwn(guest.accessToken);
    expect(guestGone.statusCode, guestGone.body).toBe(200);
    expect((await call('GET', '/api/account/me', undefined, guest.accessToken)).statusCode).toBe(401);
  });

  it('without one yet, a sign-in of the last minutes stands in for it', async () => {
    const email = uniqueEmail('no-password-yet');
    // SETUP: an account whose emailed password has not come, signed in by its verification link.
    const row = await insertUser(fixture.t.ctx.db, {
      email,
      passwordHash: UNUSABLE_PASSWORD,
      firstName: 'Nora',
      lastName: 'Nopass',
      phone: '+421 900 000 000',
      role: 'customer',
      emailVerified: true,
    });
    const token = await openSession(fixture.t.ctx, row, { userAgent: 'test' });
    const old = new Date(Date.now() - (FRESH_SIGN_IN_MINUTES + 1) * 60_000);
    await fixture.t.ctx.db.update(sessions).set({ createdAt: old }).where(eq(sessions.userId, row.id));
    const stale = expectError(await deleteOwn(token), 403, ErrorCode.FORBIDDEN);
    expect(stale.error).toBe(Msg.signInAgainToDelete);
    expect(await stillThere(email)).toBe(true);

    const fresh = await openSession(fixture.t.ctx, row, { userAgent: 'test' });
    expect((await deleteOwn(fresh)).statusCode).toBe(200);
    expect(await stillThere(email)).toBe(false);
  });
});
