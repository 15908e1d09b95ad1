import { describe, expect, it } from 'vitest';
import { A, actor, B, matching, other } from '../../tests/support/permission-actors';
import { actsOnBehalfOf, becomesClientByOperating, can, establishmentScope, RIGHTS } from './permissions';

describe('can() readable cases', () => {
  const clientOfA = actor('c1', 'client', [{ establishmentId: A, kind: 'client' }]);
  const customerOfA = actor('f1', 'customer', [{ establishmentId: A, kind: 'customer' }]);
  const rep = actor('r1', 'representant');
  const admin = actor('a1', 'admin');

  it('a client of establishment A cannot create a post for establishment B', () => {
    expect(can(clientOfA, 'notificationPost:create', { establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'notificationPost:create', { establishmentId: B })).toBe(false);
  });

  it('a customer following A cannot create a post for A, but may comment and react there', () => {
    expect(can(customerOfA, 'notificationPost:create', { establishmentId: A })).toBe(false);
    expect(can(customerOfA, 'comment:create', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'reaction', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'comment:create', { establishmentId: B })).toBe(false);
  });

  it('a client who only follows A (membership kind customer) cannot post for A or change its settings', () => {
    const follower = actor('c2', 'client', [{ establishmentId: A, kind: 'customer' }]);
    expect(can(follower, 'notificationPost:create', { establishmentId: A })).toBe(false);
    expect(can(follower, 'clientSettings', { establishmentId: A })).toBe(false);
    expect(can(follower, 'comment:create', { establishmentId: A })).toBe(true);
    expect(can(follower, 'customerEstablishment', { establishmentId: A })).toBe(true);
  });

  it('a client operating several establishments acts on each of them and on no other', () => {
    const multi = actor('c3', 'client', [
      { establishmentId: A, kind: 'client' },
      { establishmentId: B, kind: 'client' },
    ]);
    expect(can(multi, 'notificationPost:create', { establishmentId: A })).toBe(true);
    expect(can(multi, 'clientSettings', { establishmentId: B })).toBe(true);
    expect(can(multi, 'clientSettings', { establishmentId: 'est-c' })).toBe(false);
  });

  it('a customer cannot change client settings, even of the establishment they follow', () => {
    expect(can(customerOfA, 'clientSettings', { establishmentId: A })).toBe(false);
  });

  it('a representative creates posts only for establishments they registered', () => {
    expect(can(rep, 'notificationPost:create', { establishmentId: A, registeredById: 'r1' })).toBe(true);
    expect(can(rep, 'notificationPost:create', { establishmentId: A, registeredById: 'r2' })).toBe(false);
    expect(can(rep, 'notificationPost:create', { establishmentId: A, registeredById: null })).toBe(false);
    expect(can(rep, 'notificationPost:create', { establishmentId: A })).toBe(false);
  });

  it('a representative has client rights but not hasEstablishment, nor client settings', () => {
    expect(can(rep, 'user:client')).toBe(true);
    expect(can(rep, 'hasEstablishment')).toBe(false);
    expect(can(rep, 'clientSettings', { establishmentId: A, registeredById: 'r1' })).toBe(false);
  });

  it("only the owner edits or deletes a post or comment; the admin deletes anyone's but rewrites only their own comment", () => {
    expect(can(customerOfA, 'notificationPost:edit', { ownerId: 'f1' })).toBe(true);
    expect(can(customerOfA, 'comment:delete', { ownerId: 'f1', establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'notificationPost:delete', { ownerId: 'f1', establishmentId: A })).toBe(false);
    expect(can(admin, 'comment:delete', { ownerId: 'f1' })).toBe(true);
    // Admins moderate by hiding or deleting, never by rewriting someone's words.
    expect(can(admin, 'comment:edit', { ownerId: 'f1' })).toBe(false);
    expect(can(admin, 'comment:edit', { ownerId: admin.id })).toBe(true);
  });

  it('the admin has every right but rewriting comments, with or without a resource', () => {
    for (const right of RIGHTS.filter((r) => r !== 'comment:edit')) {
      expect(can(admin, right)).toBe(true);
      expect(can(admin, right, other)).toBe(true);
    }
  });

  it('a guest has user:guest and nothing else', () => {
    expect(RIGHTS.filter((right) => can(null, right, { establishmentId: A }))).toEqual(['user:guest']);
  });

  it('an unverified customer keeps the role rights, chooses how to be notified, turns push on and reads what it follows, but cannot comment until verified', () => {
    const waiting = actor('w1', 'customer', [{ establishmentId: A, kind: 'customer' }], false);
    expect(can(waiting, 'user:customer')).toBe(true);
    // Pushes reach the device at once, so the post a push opens and the feed read too.
    expect(can(waiting, 'notificationPost:read', { establishmentId: A })).toBe(true);
    expect(can(waiting, 'notificationPost:read', { establishmentId: B })).toBe(false);
    expect(can(waiting, 'feed:read')).toBe(true);
    expect(can(waiting, 'reaction', { establishmentId: A })).toBe(true);
    expect(can(waiting, 'push:subscribe')).toBe(true);
    expect(can(waiting, 'customerEstablishment', { establishmentId: A })).toBe(true);
    expect(can(waiting, 'customerEstablishment', { establishmentId: B })).toBe(false);
    expect(can(waiting, 'comment:create', { establishmentId: A })).toBe(false);
    const verified = { ...waiting, emailVerified: true };
    expect(can(verified, 'notificationPost:read', { establishmentId: A })).toBe(true);
    expect(can(verified, 'feed:read')).toBe(true);
    expect(can(verified, 'push:subscribe')).toBe(true);
  });

  it('an unverified client cannot send for or change the establishment it operates', () => {
    const waiting = actor('w2', 'client', [{ establishmentId: A, kind: 'client' }], false);
    expect(can(waiting, 'user:client')).toBe(true);
    expect(can(waiting, 'notificationPost:create', { establishmentId: A })).toBe(false);
    expect(can(waiting, 'clientSettings', { establishmentId: A })).toBe(false);
    // Nor read it as its operator: the post list and the page wait for the confirmation.
    expect(can(waiting, 'notificationPost:read', { establishmentId: A })).toBe(false);
    expect(can(waiting, 'establishment:read', { establishmentId: A })).toBe(false);
    expect(can({ ...waiting, emailVerified: true }, 'notificationPost:create', { establishmentId: A })).toBe(
      true,
    );
  });

  it('a follower reads the posts of what they follow only; a representative of what they registered', () => {
    expect(can(customerOfA, 'notificationPost:read', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'notificationPost:read', { establishmentId: B })).toBe(false);
    expect(can(rep, 'notificationPost:read', { establishmentId: A, registeredById: 'r1' })).toBe(true);
    expect(can(rep, 'notificationPost:read', { establishmentId: A, registeredById: 'r2' })).toBe(false);
  });

  it('a blocked establishment is edited only by admins; its operators still manage and read it', () => {
    const blockedA = { establishmentId: A, registeredById: 'r1', blocked: true };
    expect(can(clientOfA, 'establishment:edit', { establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'establishment:edit', { establishmentId: A, blocked: false })).toBe(true);
    expect(can(clientOfA, 'establishment:edit', blockedA)).toBe(false);
    expect(can(clientOfA, 'establishment:manage', blockedA)).toBe(true);
    expect(can(clientOfA, 'establishment:readPrivate', blockedA)).toBe(true);
    expect(can(admin, 'establishment:edit', blockedA)).toBe(true);
    expect(can(rep, 'establishment:edit', blockedA)).toBe(false);
    expect(can(rep, 'establishment:manage', blockedA)).toBe(true);
  });

  it("an establishment's private fields: its operators and registering representative, not its followers", () => {
    expect(can(customerOfA, 'establishment:read', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'establishment:readPrivate', { establishmentId: A })).toBe(false);
    expect(can(clientOfA, 'establishment:readPrivate', { establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'establishment:readPrivate', { establishmentId: B })).toBe(false);
    expect(can(rep, 'establishment:readPrivate', { establishmentId: A, registeredById: 'r1' })).toBe(true);
    expect(can(rep, 'establishment:readPrivate', { establishmentId: A, registeredById: 'r2' })).toBe(false);
    // A client who only follows A reads it as a follower.
    const follower = actor('c2', 'client', [{ establishmentId: A, kind: 'customer' }]);
    expect(can(follower, 'establishment:read', { establishmentId: A })).toBe(true);
    expect(can(follower, 'establishment:manage', { establishmentId: A })).toBe(false);
  });

  it('an establishments list holds all (admin), the registered (representant), the operated (client), the followed', () => {
    expect(establishmentScope(admin)).toEqual({ all: true });
    expect(establishmentScope(rep)).toEqual({ registeredById: 'r1' });
    expect(establishmentScope(clientOfA)).toEqual({ memberId: 'c1', kind: 'client' });
    expect(establishmentScope(customerOfA)).toEqual({ memberId: 'f1', kind: 'customer' });
    expect(establishmentScope(actor('s1', 'superuser'))).toEqual({ memberId: 's1', kind: 'customer' });
  });

  it('operating an establishment makes a customer a client; other roles stay', () => {
    expect(becomesClientByOperating('customer')).toBe(true);
    for (const role of ['client', 'representant', 'admin', 'superuser'])
      expect(becomesClientByOperating(role)).toBe(false);
  });

  it("a write is on someone else's behalf (audited) unless the actor operates the establishment", () => {
    expect(actsOnBehalfOf(clientOfA, { establishmentId: A })).toBe(false);
    expect(actsOnBehalfOf(clientOfA, { establishmentId: B })).toBe(true);
    expect(actsOnBehalfOf(admin, { establishmentId: A })).toBe(true);
    expect(actsOnBehalfOf(rep, { establishmentId: A })).toBe(true);
    // Following is not operating; an admin who operates A acts as its operator there.
    expect(actsOnBehalfOf(customerOfA, { establishmentId: A })).toBe(true);
    expect(
      actsOnBehalfOf(actor('a2', 'admin', [{ establishmentId: A, kind: 'client' }]), { establishmentId: A }),
    ).toBe(false);
  });

  it('a provisional session (opened by registering) neither deletes the account nor exports it, an admin’s neither', () => {
    for (const who of [customerOfA, clientOfA, admin]) {
      const provisional = { ...who, emailVerified: false, provisional: true };
      expect(can(provisional, 'account:delete'), who.role).toBe(false);
      expect(can(provisional, 'account:export'), who.role).toBe(false);
      expect(can({ ...who, provisional: false }, 'account:delete'), who.role).toBe(true);
      expect(can({ ...who, emailVerified: false }, 'account:export'), who.role).toBe(true);
    }
  });

  it('a role outside the table gets no, even for user:guest', () => {
    const stranger = actor('s1', 'superuser', [{ establishmentId: A, kind: 'client' }]);
    expect(RIGHTS.filter((right) => can(stranger, right, matching(stranger)))).toEqual([]);
  });
});
