import { describe, expect, it } from 'vitest';
import {
  a,
  admin,
  call,
  establishment,
  expectError,
  push,
  setupManagementApp,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { LoginResponse } from '../../../shared/schemas/account.schema';
import type { ManagedUserDetail } from '../../../shared/schemas/user-management.schema';

setupManagementApp({ withPush: true });

const devicesOf = async (id: string) =>
  (await call('GET', `/api/management/users/${id}`, undefined, admin.token)).json<{
    user: ManagedUserDetail;
  }>().user.devices;

describe('push while an admin acts as someone', () => {
  it("does not register the admin's browser as the user's device", async () => {
    const shop = await establishment('Kaviareň Push');
    const customer = await a.followerOf(shop.id, 'push-impersonated');
    const own = await call('POST', '/notifications/subscribe', push!.subscribe(), customer.token);
    expect(own.statusCode, own.body).toBeLessThan(300);

    const as = (
      await call('POST', `/api/management/users/${customer.id}/impersonate`, undefined, admin.token)
    ).json<LoginResponse>();
    const refused = await call('POST', '/notifications/subscribe', push!.subscribe(), as.accessToken);
    expectError(refused, 403, ErrorCode.FORBIDDEN, Msg.impersonatedNoPush);
    expect(await devicesOf(customer.id)).toHaveLength(1);
  });
});
