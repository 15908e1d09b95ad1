/**
 * What the account emails say, as they arrive through the SMTP sink: the welcome speaks to the new
 * account's role, and the reset link's validity is in the language's plural form.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { actors, type Session, uniqueEmail } from '../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../tests/support/route-fixture';
import type { TestApp } from '../../../tests/support/test-app';
import { en } from './locales/en';
import { PRODUCT_NAME } from './templates';

let t: TestApp;
let admin: Session;

const fixture = setupRouteFixture();
beforeAll(() => {
  ({ t, admin } = fixture);
});

const withProduct = (text: string) => text.replace('{{product}}', PRODUCT_NAME);

async function createdByAdmin(role: string) {
  const email = uniqueEmail(`welcome-${role}`);
  const res = await t.request({
    method: 'POST',
    url: '/api/management/users',
    token: admin.token,
    payload: { firstName: 'Rita', lastName: 'New', email, phone: '+421 900 123 456', role },
  });
  expect(res.statusCode, res.body).toBe(201);
  return t.mail.waitFor(email);
}

describe('the welcome email', () => {
  it('speaks to a representative created by an admin', async () => {
    const mail = await createdByAdmin('representant');
    expect(mail.text).toContain(withProduct(en.registrationIntroForRepresentant));
    expect(mail.text).toContain('register businesses together with their operators');
    // Not the customer's "news from the businesses you follow".
    expect(mail.text).not.toContain(en.registrationIntro);
    expect(mail.text).toMatch(/Your password for signing in: \S+/);
  });

  it('speaks to an admin and to a client without an establishment', async () => {
    expect((await createdByAdmin('admin')).text).toContain(withProduct(en.registrationIntroForAdmin));
    expect((await createdByAdmin('client')).text).toContain(
      withProduct(en.registrationIntroForClientAccount),
    );
    expect((await createdByAdmin('customer')).text).toContain(en.registrationIntro);
  });
});

describe('the password reset email', () => {
  it('says "1 hour", not "1 hour(s)"', async () => {
    const user = await actors(t).userWithRole('customer', 'plural');
    const res = await t.request({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.mail.waitFor(user.email, (m) => m.subject === en.resetSubject);
    expect(mail.text).toContain('open the link below within 1 hour.');
    expect(mail.text).not.toContain('hour(s)');
  });
});
