import { describe, expect, it } from 'vitest';
import { type Actor, mayHold, type Right, waitsForEmail } from './permissions';

/*
 * mayHold: could the role hold the right on some resource (checked before the request's body is
 * read). Written out from the spec's section 6 table: dynamic rights are possible for the roles
 * their rule can ever match; static rights are the table's.
 */
const actor = (role: string): Actor => ({ id: 'u1', role, emailVerified: true, establishments: [] });

// biome-ignore format: one row per right
const EXPECTED: ReadonlyArray<readonly [Right, customer: boolean, client: boolean, representant: boolean]> = [
  ['user:admin',              false, false, false],
  ['user:representant',       false, false, true],
  ['user:client',             false, true,  true],
  ['clientSettings',          false, true,  false],
  ['notificationPost:create', false, true,  true],
  ['notificationPost:edit',   true,  true,  true],
  ['notificationPost:delete', true,  true,  true],
  ['notificationPost:read',   true,  true,  true],
  ['feed:read',               true,  true,  true],
  ['push:subscribe',          true,  true,  true],
  ['comment:create',          true,  true,  true],
  ['reaction',                true,  true,  true],
  ['customerEstablishment',   true,  true,  false],
  ['establishment:manage',    false, true,  true],
  ['establishment:edit',      false, true,  false],
  ['establishment:readPrivate', false, true, true],
  ['establishment:read',      true,  true,  true],
  ['user:impersonate',        false, false, false],
  ['data:export',             false, false, false],
  ['preference:manage',       false, false, false],
  ['customer:create',         false, true,  false],
  ['followers:export',        false, true,  true],
  ['contactRequest:read',     false, false, true],
  ['report:read',             false, true,  true],
  ['report:platform',         false, false, false],
  ['comment:moderate',        false, true,  true],
  ['reaction:list',           false, true,  true],
  ['apiKey:manage',           false, true,  true],
  ['apiKey:create',           false, true,  true],
  ['webhook:manage',          false, true,  true],
  ['webhook:create',          false, true,  true],
  ['account:delete',          true,  true,  true],
  ['account:export',          true,  true,  true],
  ['apiKey:send',             false, false, false],
  ['apiKey:readStats',        false, false, false],
  ['apiKey:readFollowers',    false, false, false],
];

describe('mayHold', () => {
  it.each(EXPECTED)(
    '%s: customer %s, client %s, representant %s',
    (right, customer, client, representant) => {
      expect(mayHold(actor('customer'), right)).toBe(customer);
      expect(mayHold(actor('client'), right)).toBe(client);
      expect(mayHold(actor('representant'), right)).toBe(representant);
      expect(mayHold(actor('admin'), right)).toBe(true);
      expect(mayHold(actor('intruder'), right)).toBe(false);
      expect(mayHold(null, right)).toBe(false);
    },
  );

  it('an unconfirmed email does not decide it: the service answers EMAIL_NOT_VERIFIED with the resource', () => {
    const unverified = { ...actor('customer'), emailVerified: false };
    expect(mayHold(unverified, 'feed:read')).toBe(true);
    expect(mayHold(unverified, 'push:subscribe')).toBe(true);
  });

  it('a provisional session does not hold the account’s deletion or its data, whatever its role', () => {
    for (const role of ['customer', 'client', 'admin']) {
      const provisional = { ...actor(role), emailVerified: false, provisional: true };
      expect(mayHold(provisional, 'account:delete'), role).toBe(false);
      expect(mayHold(provisional, 'account:export'), role).toBe(false);
      expect(mayHold(provisional, 'feed:read'), role).toBe(true);
    }
  });

  it('a guest holds the guest right only', () => {
    expect(mayHold(null, 'user:guest')).toBe(true);
  });
});

describe('waitsForEmail', () => {
  const unverified = (role: string): Actor => ({ ...actor(role), emailVerified: false });

  it("an unconfirmed representative's or client's figures wait for the email, not a customer's", () => {
    expect(waitsForEmail(unverified('representant'), 'report:read')).toBe(true);
    expect(waitsForEmail(unverified('client'), 'report:read')).toBe(true);
    expect(waitsForEmail(unverified('customer'), 'report:read')).toBe(false);
  });

  it('nothing waits once the email is confirmed, for an admin, for a guest, or for rights the flag never holds back', () => {
    expect(waitsForEmail(actor('representant'), 'report:read')).toBe(false);
    expect(waitsForEmail(unverified('admin'), 'report:read')).toBe(false);
    expect(waitsForEmail(null, 'report:read')).toBe(false);
    expect(waitsForEmail(unverified('representant'), 'user:representant')).toBe(false);
    expect(waitsForEmail(unverified('customer'), 'feed:read')).toBe(false);
  });
});
