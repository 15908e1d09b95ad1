/**
 * The follower funnel over HTTP (GET /api/reports/funnel): public page views by source, the people
 * who followed from each source and still follow, how many of them verified their email, their
 * devices with push on and how many accept email. Follows, verification, devices, choices, consent
 * and a bounce go through the API and the SMTP sink as people and mail servers do them.
 *
 * Why SQL for page views: they are written by POST /api/analytics/pageview, built alongside this
 * module, and the funnel here is about days before today too; the rows are inserted as that endpoint
 * writes them and the database's triggers count them (tests/support/reports-api.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasLink, linkToken, passwordIn } from '../../../../tests/support/account-mails';
import { PASSWORD, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  device,
  finished,
  push,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { dateIn, reportsApi, shift } from '../../../../tests/support/reports-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { FunnelSchema, type FunnelSteps } from '../../../shared/schemas/report.schema';
import type { VisitSource } from '../../../shared/schemas/report-sources';

setupNotificationsApp();
const r = reportsApi(() => t);
const ZONE = 'Europe/Bratislava';

const steps = (some: Partial<FunnelSteps>): FunnelSteps => ({
  views: 0,
  visitors: 0,
  followers: 0,
  verified: 0,
  pushDevices: 0,
  emailOn: 0,
  guests: 0,
  ...some,
});

let address = 0;
/** Someone registers on the business's public page (register and follow), arriving from `source`. */
async function registersFrom(establishmentId: string, source: VisitSource, marketingConsent = false) {
  const email = uniqueEmail(`funnel-${source}`);
  const res = await t.request({
    method: 'POST',
    url: '/api/account/register',
    remoteAddress: `10.13.0.${++address}`,
    payload: {
      firstName: 'Fay',
      lastName: 'Funnel',
      email,
      phone: '+421 900 123 456',
      terms: true,
      marketingConsent,
      establishmentId,
      source,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const welcome = await t.mail.waitFor(email, hasLink('verify'));
  const login = await call('POST', '/api/account/login', { email, password: passwordIn(welcome) });
  expect(login.statusCode, login.body).toBe(200);
  const session: Session = {
    id: res.json<{ user: { id: string } }>().user.id,
    email,
    token: login.json().accessToken,
  };
  return {
    session,
    /** Open the link of the welcome email. */
    async verify() {
      const verified = await call('POST', '/api/account/verify', { token: linkToken(welcome, 'verify') });
      expect(verified.statusCode, verified.body).toBe(200);
    },
  };
}

/** A signed-in customer follows from the public page they reached from `source`. */
async function followsFrom(establishmentId: string, source: VisitSource, tag = source): Promise<Session> {
  const user = await a.userWithRole('customer', `funnel-${tag}`);
  const res = await call('POST', `/api/establishments/${establishmentId}/follow`, { source }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

describe('the follower funnel', () => {
  it('counts views, visitors, follows, verified followers, guests and their devices per source, and in total', async () => {
    const { establishment: shop, client } = await business('Funnel Cafe');
    const today = dateIn(ZONE);
    const yesterday = `${shift(today, -1)} 12:00:00`;

    // Yesterday's page views: a QR visitor three times and another once, a poster visitor, a direct one twice.
    await r.viewedAt(shop.id, yesterday, ZONE, 'qr', 'visitor-1', 3);
    await r.viewedAt(shop.id, yesterday, ZONE, 'qr', 'visitor-2');
    await r.viewedAt(shop.id, yesterday, ZONE, 'poster', 'visitor-3');
    await r.viewedAt(shop.id, yesterday, ZONE, 'direct', 'visitor-4', 2);
    // 40 days ago, outside the last 30 days.
    await r.viewedAt(shop.id, `${shift(today, -40)} 12:00:00`, ZONE, 'qr', 'visitor-old');

    // From the QR code: two register and follow; one verifies and turns push on, the other never
    // does but accepts email.
    const verifier = await registersFrom(shop.id, 'qr');
    await registersFrom(shop.id, 'qr', true);
    await verifier.verify();
    await device(verifier.session);
    // From the poster: one who has two devices with push on.
    const posterFan = await followsFrom(shop.id, 'poster');
    await device(posterFan);
    await device(posterFan);
    // A shared link brought one who left again; one came directly.
    const leaver = await followsFrom(shop.id, 'share');
    expect(
      (await call('DELETE', `/api/establishments/${shop.id}/follow`, undefined, leaver.token)).statusCode,
    ).toBe(200);
    await followsFrom(shop.id, 'direct');
    // A shared link also brought a guest: one tap, no account, its device on.
    const tapped = await t.request({
      method: 'POST',
      url: '/api/account/guest',
      remoteAddress: '10.13.1.1',
      payload: { establishmentId: shop.publicId, subscription: push.subscribe(), source: 'share' },
    });
    expect(tapped.statusCode, tapped.body).toBe(201);

    const funnel = await r.funnel(client.token, { establishmentId: shop.id });
    expect(FunnelSchema.strict().safeParse(funnel).success).toBe(true);
    expect(funnel).toEqual({
      establishmentId: shop.id,
      from: shift(today, -29),
      to: today,
      sources: [
        {
          source: 'qr',
          ...steps({ views: 4, visitors: 2, followers: 2, verified: 1, pushDevices: 1, emailOn: 1 }),
        },
        { source: 'poster', ...steps({ views: 1, visitors: 1, followers: 1, verified: 1, pushDevices: 2 }) },
        { source: 'share', ...steps({ followers: 1, guests: 1, pushDevices: 1 }) },
        { source: 'direct', ...steps({ views: 2, visitors: 1, followers: 1, verified: 1 }) },
      ],
      total: steps({
        views: 7,
        visitors: 4,
        followers: 5,
        verified: 3,
        guests: 1,
        pushDevices: 4,
        emailOn: 1,
      }),
    });

    // A custom range: the old view counts, today's follows do not.
    const earlier = await r.funnel(client.token, {
      establishmentId: shop.id,
      from: shift(today, -45),
      to: shift(today, -1),
    });
    expect(earlier.sources[0]).toEqual({ source: 'qr', ...steps({ views: 5, visitors: 3 }) });
    expect(earlier.total).toEqual(steps({ views: 8, visitors: 5 }));

    // The poster's follower deletes their account: the cohort and its devices shrink.
    expect(
      (await call('DELETE', '/api/account', { currentPassword: PASSWORD }, posterFan.token)).statusCode,
    ).toBe(200);
    const after = await r.funnel(admin.token, { establishmentId: shop.id });
    expect(after.sources[1]).toEqual({ source: 'poster', ...steps({ views: 1, visitors: 1 }) });

    // The platform's funnel (admins) holds this business's (the only one with a funnel so far).
    const platform = await r.funnel(admin.token);
    expect(platform.establishmentId).toBeNull();
    expect(platform.total).toEqual(after.total);
    expect(platform.sources).toEqual(after.sources);
  });

  it('gives views and unique visitors apart: one person who looked three times and followed is 1 of 1', async () => {
    const { establishment: shop, client } = await business('Funnel Regular');
    // The web app's page views (POST /api/analytics/pageview) from one phone, from the QR code.
    for (let i = 0; i < 3; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/analytics/pageview',
        remoteAddress: '10.13.1.7',
        headers: { 'user-agent': 'Mozilla/5.0 (Regular)' },
        payload: { path: `/${shop.publicId}`, source: 'qr' },
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    await followsFrom(shop.id, 'qr');
    // The rates the screen shows are of visitors (funnel-card.tsx): here 1 of 1. The follower's
    // address is confirmed (a signed-in customer).
    const funnel = await r.funnel(client.token, { establishmentId: shop.id });
    const figures = steps({ views: 3, visitors: 1, followers: 1, verified: 1 });
    expect(funnel.sources[0]).toEqual({ source: 'qr', ...figures });
    expect(funnel.total).toEqual(figures);
  });

  it('counts the followers who accept email as they choose, give or take back consent, and bounce', async () => {
    const { establishment: shop, client } = await business('Funnel Mail');
    const emailOn = async () =>
      (await r.funnel(client.token, { establishmentId: shop.id })).sources[0]!.emailOn;
    const choose = async (user: Session, body: Record<string, unknown>) => {
      const res = await call('PUT', `/api/establishments/${shop.id}/notify`, body, user.token);
      expect(res.statusCode, res.body).toBe(200);
    };

    // No consent yet: nobody accepts email.
    const fan = await followsFrom(shop.id, 'qr');
    expect(await emailOn()).toBe(0);
    await choose(fan, { notify: 'email', marketingConsent: true });
    expect(await emailOn()).toBe(1);
    // Each choice: phone only and feed only turn email off; both and automatic keep it.
    const seen: number[] = [];
    for (const notify of ['phone', 'both', 'feed', 'auto'] as const) {
      await choose(fan, { notify });
      seen.push(await emailOn());
    }
    expect(seen).toEqual([0, 1, 0, 1]);

    // Someone who registers with consent counts at once (automatic falls back to email).
    const registered = await registersFrom(shop.id, 'qr', true);
    expect(await emailOn()).toBe(2);
    // They take their consent back in their account.
    const me = await call('GET', '/api/account/me', undefined, registered.session.token);
    expect(me.statusCode, me.body).toBe(200);
    const user = me.json<{ user: Record<string, string> }>().user;
    const profile = await call(
      'POST',
      '/api/account/profile',
      {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        marketingConsent: false,
      },
      registered.session.token,
    );
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await emailOn()).toBe(1);

    // The fan's mail server refuses their address for good during a send.
    t.mail.refuse(fan.email, 550);
    const sent = await call(
      'POST',
      `/api/establishments/${shop.id}/notifications`,
      { text: 'Soup', post: true },
      client.token,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const post = await finished(client, sent.json<{ notification: { id: string } }>().notification.id);
    expect(post.delivery?.channels.email).toMatchObject({ failed: 1 });
    t.mail.accept(fan.email);
    expect(await emailOn()).toBe(0);
    expect((await r.funnel(client.token, { establishmentId: shop.id })).total).toMatchObject({
      followers: 2,
      emailOn: 0,
    });
  });

  it('is for who manages the establishment, for admins over the platform, and checks its range', async () => {
    const { establishment: shop, client } = await business('Funnel Scope');
    const { client: otherClient } = await business('Funnel Other');
    const follower = await a.followerOf(shop.id, 'funnel-follower');
    const representative = await a.userWithRole('representant');
    const ask = (token: string, query: Record<string, string | undefined> = {}) => r.getFunnel(token, query);

    expect((await ask(client.token, { establishmentId: shop.id })).statusCode).toBe(200);
    expectError(await ask(otherClient.token, { establishmentId: shop.id }), 403, ErrorCode.FORBIDDEN);
    expectError(await ask(representative.token, { establishmentId: shop.id }), 403, ErrorCode.FORBIDDEN);
    expectError(await ask(follower.token, { establishmentId: shop.id }), 403, ErrorCode.FORBIDDEN);
    expectError(await ask(client.token), 403, ErrorCode.FORBIDDEN);
    expectError(await t.request({ method: 'GET', url: '/api/reports/funnel' }), 401, ErrorCode.UNAUTHORIZED);
    const missing = expectError(
      await ask(admin.token, { establishmentId: randomUUID() }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(missing.error).toBe(Msg.establishmentNotFound);

    const range = (from?: string, to?: string) => ask(client.token, { establishmentId: shop.id, from, to });
    expectError(await range('2026-03-10', '2026-03-01'), 400, ErrorCode.VALIDATION, {
      to: Msg.endAfterStart,
    });
    expectError(await range('2026-03-10'), 400, ErrorCode.VALIDATION, { to: Msg.rangeNeedsBothDates });
    expectError(await range(undefined, '2026-03-10'), 400, ErrorCode.VALIDATION, {
      to: Msg.rangeNeedsBothDates,
    });
    expectError(await range('yesterday', '2026-03-10'), 400, ErrorCode.VALIDATION, { from: Msg.invalidDate });
    const oneDay = await r.funnel(client.token, {
      establishmentId: shop.id,
      from: '2026-03-10',
      to: '2026-03-10',
    });
    expect(oneDay).toMatchObject({ from: '2026-03-10', to: '2026-03-10', total: steps({}) });
    expect(oneDay.sources.map((s) => s.source)).toEqual(['qr', 'poster', 'share', 'direct']);
  });
});
