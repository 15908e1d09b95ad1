/**
 * The audit log is complete: every write an admin or a representative makes on
 * someone else's data adds one entry, with the write, naming who, what and whom; an operating
 * client changing their own establishment adds none. Each case performs one write over HTTP and
 * reads the log as an admin does (GET /api/management/audit-log).
 */
import { describe, expect, it } from 'vitest';
import { establishmentFields } from '../../../../tests/support/api-actors';
import {
  a,
  admin,
  call,
  establishment,
  type Session,
  setupManagementApp,
  t,
  uniqueEmail,
} from '../../../../tests/support/management-api';
import { multipart } from '../../../../tests/support/multipart';
import { plainPng } from '../../../../tests/support/pictures';
import { AUDIT_ACTIONS } from '../../../shared/audit-actions';
import * as apiKeyContracts from '../../../shared/contracts/api-keys.contracts';
import * as commentContracts from '../../../shared/contracts/comments.contracts';
import type { Contract } from '../../../shared/contracts/contract';
import * as emailComplaintContracts from '../../../shared/contracts/email-complaints.contracts';
import * as establishmentContracts from '../../../shared/contracts/establishments.contracts';
import * as exportContracts from '../../../shared/contracts/exports.contracts';
import * as managementContracts from '../../../shared/contracts/management.contracts';
import * as notificationContracts from '../../../shared/contracts/notifications.contracts';
import * as notifyContracts from '../../../shared/contracts/notify.contracts';
import * as preferenceContracts from '../../../shared/contracts/preferences.contracts';
import * as quietHoursContracts from '../../../shared/contracts/quiet-hours.contracts';
import * as reactionContracts from '../../../shared/contracts/reactions.contracts';
import * as signInProviderContracts from '../../../shared/contracts/sign-in-provider.contracts';
import { type Actor, mayHold, type Right } from '../../../shared/permissions';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { AuditEntry, AuditLog } from '../../../shared/schemas/user-management.schema';

setupManagementApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, token: string, payload?: unknown) =>
  a.call(method, url, payload, token);
async function ok<T>(method: Method, url: string, token: string, payload?: unknown): Promise<T> {
  const res = await send(method, url, token, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<T>();
}

/** The newest entries, newest first. */
async function newest(limit: number): Promise<AuditEntry[]> {
  const res = await call('GET', `/api/management/audit-log?limit=${limit}`, undefined, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>().items;
}
/** The entries written after the one with this id (all of the page when null). */
async function entriesAfter(id: string | null): Promise<AuditEntry[]> {
  const items = await newest(50);
  const at = items.findIndex((entry) => entry.id === id);
  return at === -1 ? items : items.slice(0, at);
}
const lastId = async () => (await newest(1))[0]?.id ?? null;

/** "First Last <email>", as the log names a person. */
const labelOf = (user: Session, lastName: string) => `Test ${lastName} <${user.email}>`;

async function upload(url: string, token: string, fields: Record<string, string> = {}) {
  const file = new Blob([new Uint8Array(await plainPng(640, 480))], { type: 'image/png' });
  const body = await multipart([
    { name: 'file', value: file, filename: 'picture.png' },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  const res = await t.request({ method: 'POST', url, token, ...body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ id: string }>();
}

/** A representative and the establishment they signed up with its client. */
async function representedShop() {
  const rep = await a.userWithRole('representant', 'rep');
  const name = `Rep Bar ${uniqueEmail('n')}`;
  const { establishment: shop } = await ok<{ establishment: Establishment }>(
    'POST',
    '/api/establishments/client-signup',
    rep.token,
    {
      client: {
        firstName: 'Clara',
        lastName: 'Client',
        email: uniqueEmail('signup'),
        phone: '+421 905 111 222',
      },
      establishment: establishmentFields(name),
    },
  );
  return { rep, shop };
}

const sendPost = async (token: string, shopId: string, extra: Record<string, unknown> = {}) =>
  (
    await ok<{ notification: { id: string } }>('POST', `/api/establishments/${shopId}/notifications`, token, {
      text: 'Fresh bread at 7',
      post: true,
      ...extra,
    })
  ).notification.id;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A follower's comment on a post. */
async function followerComment(shopId: string, postId: string) {
  const follower = await a.followerOf(shopId, 'follower');
  const { comment } = await ok<{ comment: { id: string } }>(
    'POST',
    `/api/notifications/${postId}/comments`,
    follower.token,
    { text: 'Is it gluten free?' },
  );
  return { follower, commentId: comment.id };
}

async function preferenceGroup(name = `Food ${uniqueEmail('g')}`) {
  const group = await ok<{ group: { id: string } }>('POST', '/api/preference-groups', admin.token, { name });
  return { id: group.group.id, name };
}

/** What one write must add to the log. */
interface Expected {
  actor: Session;
  action: string;
  targetEstablishmentId?: string | null;
  targetUserId?: string | null;
  targetLabel: string;
  detail?: Record<string, unknown>;
}
interface Case {
  contract: Contract;
  who: 'admin' | 'representative';
  /** Set up what the write needs (recorded or not), then answer the write itself. */
  arrange: () => Promise<() => Promise<Expected>>;
}

const E = establishmentContracts;
const P = preferenceContracts;
const N = notificationContracts;
const C = commentContracts;

const K = apiKeyContracts;
/** An establishment's API key, made by `token`'s user: its id. */
const newKey = async (token: string, shopId: string, name: string) =>
  (
    await ok<{ apiKey: { id: string } }>('POST', `/api/establishments/${shopId}/api-keys`, token, {
      name,
      scopes: ['send'],
    })
  ).apiKey.id;

const CASES: Case[] = [
  {
    contract: K.createApiKey,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Keyed Bar');
      return async () => {
        const id = await newKey(admin.token, shop.id, 'Till');
        return {
          actor: admin,
          action: 'apiKey.create',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { apiKeyId: id, keyName: 'Till', scopes: ['send'] },
        };
      };
    },
  },
  {
    contract: K.revokeApiKey,
    who: 'representative',
    arrange: async () => {
      const { rep, shop } = await representedShop();
      const id = await newKey(rep.token, shop.id, 'Web shop');
      return async () => {
        await ok('POST', `/api/establishments/${shop.id}/api-keys/${id}/revoke`, rep.token);
        return {
          actor: rep,
          action: 'apiKey.revoke',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { apiKeyId: id, keyName: 'Web shop' },
        };
      };
    },
  },
  {
    contract: E.createEstablishment,
    who: 'admin',
    arrange: async () => async () => {
      const name = `Created Bar ${uniqueEmail('n')}`;
      const { establishment: shop } = await ok<{ establishment: Establishment }>(
        'POST',
        '/api/establishments',
        admin.token,
        establishmentFields(name),
      );
      return {
        actor: admin,
        action: 'establishment.create',
        targetEstablishmentId: shop.id,
        targetLabel: name,
      };
    },
  },
  {
    contract: E.createClientWithEstablishment,
    who: 'representative',
    arrange: async () => {
      const rep = await a.userWithRole('representant', 'rep');
      return async () => {
        const name = `Signed Bar ${uniqueEmail('n')}`;
        const email = uniqueEmail('signup');
        const { establishment: shop } = await ok<{ establishment: Establishment }>(
          'POST',
          '/api/establishments/client-signup',
          rep.token,
          {
            client: { firstName: 'Clara', lastName: 'Client', email, phone: '+421 905 111 222' },
            establishment: establishmentFields(name),
          },
        );
        return {
          actor: rep,
          action: 'establishment.clientSignup',
          targetEstablishmentId: shop.id,
          targetUserId: null,
          targetLabel: name,
          detail: { client: `Clara Client <${email}>` },
        };
      };
    },
  },
  {
    contract: E.updateEstablishment,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Before Bar');
      return async () => {
        await ok('PUT', `/api/establishments/${shop.id}`, admin.token, {
          ...establishmentFields('After Bar'),
          city: 'Košice',
        });
        return {
          actor: admin,
          action: 'establishment.update',
          targetEstablishmentId: shop.id,
          targetLabel: 'After Bar',
          detail: { changed: ['name', 'city'] },
        };
      };
    },
  },
  ...(['logo', 'cover'] as const).map(
    (picture): Case => ({
      contract: picture === 'logo' ? E.uploadEstablishmentLogo : E.uploadEstablishmentCover,
      who: 'admin',
      arrange: async () => {
        const shop = await establishment(`Pictured Bar ${picture}`);
        return async () => {
          await upload(`/api/establishments/${shop.id}/${picture}`, admin.token);
          return {
            actor: admin,
            action: 'establishment.pictures',
            targetEstablishmentId: shop.id,
            targetLabel: shop.name,
            detail: { picture, change: 'replaced' },
          };
        };
      },
    }),
  ),
  {
    contract: E.addEstablishmentGalleryImage,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Gallery Bar');
      return async () => {
        const image = await upload(`/api/establishments/${shop.id}/gallery`, admin.token, {
          caption: 'Terrace',
        });
        return {
          actor: admin,
          action: 'establishment.pictures',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { picture: 'gallery', change: 'added', imageId: image.id },
        };
      };
    },
  },
  ...(['caption', 'removed'] as const).map(
    (change): Case => ({
      contract: change === 'caption' ? E.captionEstablishmentGalleryImage : E.deleteEstablishmentGalleryImage,
      who: 'admin',
      arrange: async () => {
        const shop = await establishment(`Gallery Bar ${change}`);
        const client = await a.clientOf(admin, shop.id);
        const image = await upload(`/api/establishments/${shop.id}/gallery`, client.token);
        return async () => {
          const url = `/api/establishments/${shop.id}/gallery/${image.id}`;
          if (change === 'caption') await ok('PATCH', url, admin.token, { caption: 'Garden' });
          else await ok('DELETE', url, admin.token);
          return {
            actor: admin,
            action: 'establishment.pictures',
            targetEstablishmentId: shop.id,
            targetLabel: shop.name,
            detail: { picture: 'gallery', change, imageId: image.id },
          };
        };
      },
    }),
  ),
  {
    contract: E.addEstablishmentMember,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Member Bar');
      const user = await a.userWithRole('customer', 'joiner');
      return async () => {
        await ok('POST', `/api/establishments/${shop.id}/members`, admin.token, {
          email: user.email,
          kind: 'client',
        });
        return {
          actor: admin,
          action: 'establishment.memberAdd',
          targetEstablishmentId: shop.id,
          targetUserId: user.id,
          targetLabel: labelOf(user, 'joiner'),
          detail: { establishment: 'Member Bar', kind: 'client' },
        };
      };
    },
  },
  {
    contract: E.removeEstablishmentMember,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Leaver Bar');
      const user = await a.followerOf(shop.id, 'leaver');
      return async () => {
        await ok('DELETE', `/api/establishments/${shop.id}/members/${user.id}`, admin.token);
        return {
          actor: admin,
          action: 'establishment.memberRemove',
          targetEstablishmentId: shop.id,
          targetUserId: user.id,
          targetLabel: labelOf(user, 'leaver'),
          detail: { establishment: 'Leaver Bar', kind: 'customer' },
        };
      };
    },
  },
  {
    contract: P.createPreferenceGroup,
    who: 'admin',
    arrange: async () => async () => {
      const { name } = await preferenceGroup();
      return { actor: admin, action: 'preferenceGroup.create', targetLabel: name, detail: {} };
    },
  },
  {
    contract: P.updatePreferenceGroup,
    who: 'admin',
    arrange: async () => {
      const group = await preferenceGroup();
      return async () => {
        await ok('PATCH', `/api/preference-groups/${group.id}`, admin.token, {
          name: `${group.name} & Drink`,
        });
        return {
          actor: admin,
          action: 'preferenceGroup.update',
          targetLabel: `${group.name} & Drink`,
          detail: { changed: ['name'] },
        };
      };
    },
  },
  {
    contract: P.deletePreferenceGroup,
    who: 'admin',
    arrange: async () => {
      const group = await preferenceGroup();
      return async () => {
        await ok('DELETE', `/api/preference-groups/${group.id}`, admin.token);
        return { actor: admin, action: 'preferenceGroup.delete', targetLabel: group.name, detail: {} };
      };
    },
  },
  {
    contract: P.createPreference,
    who: 'admin',
    arrange: async () => {
      const group = await preferenceGroup();
      return async () => {
        await ok('POST', '/api/preferences', admin.token, { groupId: group.id, name: 'Vegan' });
        return {
          actor: admin,
          action: 'preference.create',
          targetLabel: 'Vegan',
          detail: { group: group.name },
        };
      };
    },
  },
  {
    contract: P.updatePreference,
    who: 'admin',
    arrange: async () => {
      const group = await preferenceGroup();
      const other = await preferenceGroup();
      const { preference } = await ok<{ preference: { id: string } }>(
        'POST',
        '/api/preferences',
        admin.token,
        {
          groupId: group.id,
          name: 'Vegan',
        },
      );
      return async () => {
        await ok('PATCH', `/api/preferences/${preference.id}`, admin.token, {
          groupId: other.id,
          translations: { de: 'Vegan (DE)' },
        });
        return {
          actor: admin,
          action: 'preference.update',
          targetLabel: 'Vegan',
          detail: { changed: ['group', 'translations'] },
        };
      };
    },
  },
  {
    contract: P.deletePreference,
    who: 'admin',
    arrange: async () => {
      const group = await preferenceGroup();
      const { preference } = await ok<{ preference: { id: string } }>(
        'POST',
        '/api/preferences',
        admin.token,
        {
          groupId: group.id,
          name: 'Spicy',
        },
      );
      return async () => {
        await ok('DELETE', `/api/preferences/${preference.id}`, admin.token);
        return {
          actor: admin,
          action: 'preference.delete',
          targetLabel: 'Spicy',
          detail: { group: group.name },
        };
      };
    },
  },
  {
    contract: N.sendNotification,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Admin Sends Bar');
      return async () => {
        const id = await sendPost(admin.token, shop.id);
        return {
          actor: admin,
          action: 'post.send',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { notificationId: id, inFeed: true, scheduled: false },
        };
      };
    },
  },
  {
    contract: N.sendNotification,
    who: 'representative',
    arrange: async () => {
      const { rep, shop } = await representedShop();
      return async () => {
        const id = await sendPost(rep.token, shop.id, { post: false, scheduledFor: inAnHour() });
        return {
          actor: rep,
          action: 'post.send',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { notificationId: id, inFeed: false, scheduled: true },
        };
      };
    },
  },
  {
    contract: N.editNotification,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Edited Post Bar');
      const client = await a.clientOf(admin, shop.id);
      const id = await sendPost(client.token, shop.id);
      return async () => {
        await ok('PATCH', `/api/notifications/${id}`, admin.token, { text: 'Fresh bread at 8' });
        return {
          actor: admin,
          action: 'post.update',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { notificationId: id, changed: ['text'] },
        };
      };
    },
  },
  {
    contract: N.editNotification,
    who: 'representative',
    arrange: async () => {
      const { rep, shop } = await representedShop();
      const id = await sendPost(rep.token, shop.id, { scheduledFor: inAnHour() });
      return async () => {
        await ok('PATCH', `/api/notifications/${id}`, rep.token, {
          scheduledFor: new Date(Date.now() + 7_200_000).toISOString(),
        });
        return {
          actor: rep,
          action: 'post.update',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { notificationId: id, changed: ['scheduledFor'] },
        };
      };
    },
  },
  {
    contract: N.deleteNotification,
    who: 'admin',
    arrange: async () => {
      const shop = await establishment('Withdrawn Post Bar');
      const client = await a.clientOf(admin, shop.id);
      const id = await sendPost(client.token, shop.id);
      return async () => {
        await ok('DELETE', `/api/notifications/${id}?withdraw=true`, admin.token);
        return {
          actor: admin,
          action: 'post.delete',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { notificationId: id, withdrawn: true },
        };
      };
    },
  },
  {
    contract: N.deleteNotification,
    who: 'representative',
    arrange: async () => {
      const { rep, shop } = await representedShop();
      const id = await sendPost(rep.token, shop.id, { scheduledFor: inAnHour() });
      return async () => {
        await ok('DELETE', `/api/notifications/${id}`, rep.token);
        return {
          actor: rep,
          action: 'post.delete',
          targetEstablishmentId: shop.id,
          targetLabel: shop.name,
          detail: { notificationId: id, scheduled: true },
        };
      };
    },
  },
  ...(['admin', 'representative'] as const).flatMap((who): Case[] => {
    /** A post of an establishment `who` may moderate but does not operate, sent by its operator. */
    const moderated = async () => {
      if (who === 'admin') {
        const shop = await establishment('Moderated Bar');
        const client = await a.clientOf(admin, shop.id);
        return { moderator: admin, shop, postId: await sendPost(client.token, shop.id) };
      }
      const { rep, shop } = await representedShop();
      return { moderator: rep, shop, postId: await sendPost(rep.token, shop.id) };
    };
    return [
      {
        contract: C.deleteComment,
        who,
        arrange: async () => {
          const { moderator, shop, postId } = await moderated();
          const { follower, commentId } = await followerComment(shop.id, postId);
          return async () => {
            await ok('DELETE', `/api/comments/${commentId}`, moderator.token);
            return {
              actor: moderator,
              action: 'comment.remove',
              targetEstablishmentId: shop.id,
              targetUserId: follower.id,
              targetLabel: labelOf(follower, 'follower'),
              detail: { establishment: shop.name, notificationId: postId, commentId },
            };
          };
        },
      },
      {
        contract: C.setCommentSettings,
        who,
        arrange: async () => {
          const { moderator, shop, postId } = await moderated();
          return async () => {
            await ok('PATCH', `/api/notifications/${postId}/comment-settings`, moderator.token, {
              enabled: false,
            });
            return {
              actor: moderator,
              action: 'comment.settings',
              targetEstablishmentId: shop.id,
              targetLabel: shop.name,
              detail: { notificationId: postId, enabled: false },
            };
          };
        },
      },
    ];
  }),
];

describe('the audit log records every write on someone else’s data', () => {
  it.each(CASES.map((c) => [`${c.contract.method} ${c.contract.path} by the ${c.who}`, c] as const))(
    '%s',
    async (_name, { arrange, who }) => {
      const write = await arrange();
      const before = await lastId();
      const expected = await write();
      const added = await entriesAfter(before);
      expect(added, JSON.stringify(added)).toHaveLength(1);
      const [entry] = added;
      expect(entry).toMatchObject({
        actorId: expected.actor.id,
        action: expected.action,
        targetEstablishmentId: expected.targetEstablishmentId ?? null,
        targetUserId: expected.targetUserId ?? null,
        targetLabel: expected.targetLabel,
        // The log names what the actor is, not "Admin" for everyone.
        actorRole: who === 'admin' ? 'admin' : 'representant',
      });
      // Its filter offers the action (an unknown one would be refused).
      expect(AUDIT_ACTIONS).toContain(entry!.action);
      if (expected.detail) expect(entry!.detail).toEqual(expected.detail);
      expect(Date.now() - Date.parse(entry!.createdAt)).toBeLessThan(60_000);
    },
  );

  it('records nothing when an operating client changes their own establishment', async () => {
    const shop = await establishment('Own Bar');
    const client = await a.clientOf(admin, shop.id);
    const follower = await a.followerOf(shop.id, 'follower');
    const before = await lastId();

    await ok('PUT', `/api/establishments/${shop.id}`, client.token, establishmentFields('Own Bar & Grill'));
    await upload(`/api/establishments/${shop.id}/logo`, client.token);
    await upload(`/api/establishments/${shop.id}/cover`, client.token);
    const image = await upload(`/api/establishments/${shop.id}/gallery`, client.token);
    await ok('PATCH', `/api/establishments/${shop.id}/gallery/${image.id}`, client.token, { caption: 'Bar' });
    await ok('DELETE', `/api/establishments/${shop.id}/gallery/${image.id}`, client.token);
    const postId = await sendPost(client.token, shop.id);
    await ok('PATCH', `/api/notifications/${postId}`, client.token, { text: 'Fresh bread at 8' });
    const { comment } = await ok<{ comment: { id: string } }>(
      'POST',
      `/api/notifications/${postId}/comments`,
      follower.token,
      { text: 'Lovely' },
    );
    await ok('DELETE', `/api/comments/${comment.id}`, client.token);
    await ok('PATCH', `/api/notifications/${postId}/comment-settings`, client.token, { enabled: false });
    await ok('DELETE', `/api/notifications/${postId}?withdraw=true`, client.token);
    const scheduled = await sendPost(client.token, shop.id, { scheduledFor: inAnHour() });
    await ok('DELETE', `/api/notifications/${scheduled}`, client.token);

    expect(await entriesAfter(before)).toEqual([]);
  });

  it('records nothing when an admin removes their own comment', async () => {
    const shop = await establishment('Chatty Bar');
    const client = await a.clientOf(admin, shop.id);
    const postId = await sendPost(client.token, shop.id);
    const { comment } = await ok<{ comment: { id: string } }>(
      'POST',
      `/api/notifications/${postId}/comments`,
      admin.token,
      { text: 'From the admin' },
    );
    const before = await lastId();
    await ok('DELETE', `/api/comments/${comment.id}`, admin.token);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it('covers every write route only staff may call (here, or in the suites of its own action)', () => {
    /** Staff-only writes whose recording is asserted in a suite of their own. */
    const RECORDED_ELSEWHERE = new Set([
      'blockEstablishment', // audit-log.routes.test.ts
      'unblockEstablishment', // audit-log.routes.test.ts
      'deleteEstablishment', // audit-log.routes.test.ts
      'createUser', // audit-log.routes.test.ts
      'updateUser', // users-update.routes.test.ts
      'deleteUser', // users-admin-actions.routes.test.ts
      'impersonateUser', // impersonation.routes.test.ts
      'resetUserPassword', // users-admin-actions.routes.test.ts
      'sendUserVerification', // users-admin-actions.routes.test.ts
      'liftEmailPause', // complaints-pause.routes.test.ts
      'updateProviderSettings', // sign-in-provider-off.routes.test.ts
      'updateProviderIdentity', // sign-in-provider.routes.test.ts
      'removeProviderIdentity', // sign-in-provider.routes.test.ts
    ]);
    const member = (role: string): Actor => ({ id: 'x', role, emailVerified: true, establishments: [] });
    const staffOnly = (access: string) =>
      !['public', 'optionalSignIn', 'signedIn'].includes(access) &&
      !mayHold(member('customer'), access as Right) &&
      !mayHold(member('client'), access as Right);
    const contracts = [
      apiKeyContracts,
      commentContracts,
      emailComplaintContracts,
      establishmentContracts,
      exportContracts,
      managementContracts,
      notificationContracts,
      notifyContracts,
      preferenceContracts,
      quietHoursContracts,
      reactionContracts,
      signInProviderContracts,
    ].flatMap((module) =>
      Object.values(module).filter(
        (value): value is Contract => typeof value === 'object' && value !== null && 'operationId' in value,
      ),
    );
    const staffWrites = contracts
      .filter((contract) => contract.method !== 'GET' && staffOnly(String(contract.access)))
      .map((contract) => contract.operationId);
    expect(staffWrites.length).toBeGreaterThan(10);
    const covered = new Set(CASES.map((c) => c.contract.operationId));
    expect(staffWrites.filter((id) => !covered.has(id) && !RECORDED_ELSEWHERE.has(id))).toEqual([]);
  });
});
