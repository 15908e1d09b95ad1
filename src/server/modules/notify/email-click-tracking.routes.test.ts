/**
 * EMAIL_CLICK_TRACKING on (the default), through HTTP, the real pipeline and the SMTP sink: every
 * link of a notification email (Open, the post's buttons) is a signed redirect that counts one
 * click for that delivery and leads only to a URL stored on the notification; no tracking pixel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { business, completed, until } from '../../../../tests/support/delivery-integrity';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import type { TestApp } from '../../../../tests/support/test-app';
import type { Post } from '../../../shared/schemas/notification.schema';
import { emailLinkToken } from '../../mail/email-links';

const fixture = setupRouteFixture();
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

const LINK = 'https://tracked.example.com/menu';
const ACTIONS = [
  { label: 'Book', url: 'https://tracked.example.com/book' },
  { label: 'Call', url: 'https://tracked.example.com/call' },
];

/** A business, a follower who chose email, and one post with a link and two buttons, mailed. */
async function mailedPost() {
  const { establishment, client } = await business(a, admin, 'Tracked Tavern');
  const reader = await a.followerOf(establishment.id, 'tracked');
  const chose = await a.call(
    'PUT',
    `/api/establishments/${establishment.id}/notify`,
    { notify: 'email', marketingConsent: true },
    reader.token,
  );
  expect(chose.statusCode, chose.body).toBe(200);
  const res = await a.call(
    'POST',
    `/api/establishments/${establishment.id}/notifications`,
    { text: 'Quiz night', post: true, link: LINK, actions: ACTIONS },
    client.token,
  );
  expect(res.statusCode, res.body).toBe(202);
  const post = await until(a, client, res.json<{ notification: Post }>().notification.id, completed, 30_000);
  const mail = (await t.mail.waitFor(reader.email)) as ReceivedMail;
  return { establishment, client, reader, post, mail };
}

const follow = (url: string) => t.request({ method: 'GET', url: new URL(url, 'http://app.test').pathname });

describe('with click tracking on', () => {
  it('sends every link through the signed redirect, counts one click, and goes nowhere else', async () => {
    const { client, reader, post, mail } = await mailedPost();
    const clicked = async () =>
      (await until(a, client, post.id, () => true)).delivery?.channels.email.clicked ?? -1;

    // Open and both buttons are signed redirects, in both parts; no direct link and no pixel.
    const redirects = mail.links.filter((link) => link.startsWith('http://app.test/api/email/open/'));
    expect(new Set(redirects).size).toBe(3);
    for (const url of [LINK, ...ACTIONS.map((action) => action.url)]) {
      expect(mail.html).not.toContain(url);
      expect(mail.text).not.toContain(url);
    }
    expect(mail.html).not.toMatch(/<img/i);
    // Open's token is the two ids and the signature (94 characters); a button's adds its index.
    const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    const open = redirects.find((url) => tokenOf(url).length === 94)!;
    const [book, call] = ['0', '1'].map(
      (i) => redirects.find((url) => tokenOf(url).length === 95 && url.endsWith(i))!,
    ) as [string, string];

    // A signature altered, another button's index on this signature, or a signed index the post
    // does not have: 404, nothing counted.
    const token = tokenOf(call);
    const altered = `${token.slice(0, 80)}${token[80] === 'A' ? 'B' : 'A'}${token.slice(81)}`;
    const outOfRange = emailLinkToken(t.ctx.config.jwtSecret, post.id, reader.id, 2);
    for (const bad of [altered, `${token.slice(0, -1)}0`, `${token}0`, outOfRange]) {
      expect((await follow(`/api/email/open/${bad}`)).statusCode).toBe(404);
    }
    expect(await clicked()).toBe(0);

    // A button: to its URL, one click counted; Open then to the post's own link, still one.
    const booked = await follow(call);
    expect(booked.statusCode).toBe(302);
    expect(booked.headers.location).toBe(ACTIONS[1]!.url);
    expect(await clicked()).toBe(1);
    expect((await follow(book)).headers.location).toBe(ACTIONS[0]!.url);
    const opened = await follow(open);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(LINK);
    expect(await clicked()).toBe(1);
  });
});
