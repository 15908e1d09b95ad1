/**
 * The establishments API over HTTP, end to end (client signup by a representative): the real app
 * (routing, validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Users of
 * each role are created directly in the database as setup; everything asserted is what a client sees
 * over HTTP. Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  admin,
  clientOf,
  clientPerson,
  type ErrorBody,
  establishmentOf,
  expectError,
  expectFieldError,
  expectForbidden,
  expectUnauthorized,
  get,
  listIds,
  me,
  PUBLIC_URL,
  passwordIn,
  post,
  profile,
  put,
  setupEstablishmentsApp,
  signIn,
  t,
  uniqueEmail,
  uniqueWord,
  userWithRole,
  verifyByLink,
} from '../../../../tests/support/establishments-fixtures';
import { ErrorCode } from '../../../shared/errors';
import { FieldLabel, Msg, required } from '../../../shared/messages';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import { users } from '../../db/schema';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('client signup by a representative', () => {
    it('creates the client and the establishment, emails the client a password, and records the representative', async () => {
      const rep = await userWithRole('representant', 'rep');
      const email = uniqueEmail('signup');
      const name = `Bistro ${uniqueWord('signup')}`;
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(email), establishment: profile({ name }) },
        rep.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<{ establishment: Establishment; clientId: string; message: string }>();
      expect(body.message).toBe(Msg.clientAndEstablishmentCreated);
      expect(body.message).toBe('Client and Establishment created!');
      expect(body.establishment).toMatchObject({
        name,
        registeredById: rep.id,
        status: 'active',
        active: true,
        blocked: false,
        clientCount: 1,
        followerCount: 0,
      });

      // The registration email: verify link, password, and an intro naming the business.
      const mail = await t.mail.waitFor(email);
      expect(mail.to).toEqual([email]);
      expect(mail.text).toContain(`Your business ${name} is now on`);
      expect(mail.links.some((link) => link.startsWith(`${PUBLIC_URL}/verify/`))).toBe(true);
      const password = passwordIn(mail);

      const token = await signIn(email, password);
      const user = await me(token);
      expect(user.id).toBe(body.clientId);
      expect(user.role).toBe('client');
      expect(user.establishments).toEqual([{ establishmentId: body.establishment.id, kind: 'client' }]);

      // The representative and the client both read it; registeredById is the representative.
      const byRep = await get(`/api/establishments/${body.establishment.id}`, rep.token);
      expect(byRep.statusCode, byRep.body).toBe(200);
      expect(establishmentOf(byRep).registeredById).toBe(rep.id);
      // The client verifies by the welcome email's link too: until then, 403 EMAIL_NOT_VERIFIED.
      expectError(
        await get(`/api/establishments/${body.establishment.id}`, token),
        403,
        Msg.emailNotVerified,
        ErrorCode.EMAIL_NOT_VERIFIED,
      );
      expectError(
        await put(`/api/establishments/${body.establishment.id}`, profile({ name: 'Too early' }), token),
        403,
        Msg.emailNotVerified,
        ErrorCode.EMAIL_NOT_VERIFIED,
      );
      await verifyByLink(mail);
      // The same token now acts with a verified email.
      const byClient = await get(`/api/establishments/${body.establishment.id}`, token);
      expect(byClient.statusCode, byClient.body).toBe(200);
      expect(establishmentOf(byClient)).toMatchObject({ name, audience: 'operator', taxId: '2020123456' });
    });

    it('is open to admins too, but not to customers, clients or guests', async () => {
      const byAdmin = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('signup-admin')), establishment: profile() },
        admin.token,
      );
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      expect(establishmentOf(byAdmin).registeredById).toBe(admin.id);

      const customer = await userWithRole('customer');
      const client = await clientOf(establishmentOf(byAdmin).id);
      for (const token of [customer.token, client.token]) {
        const email = uniqueEmail('signup-denied');
        const res = await post(
          '/api/establishments/client-signup',
          { client: clientPerson(email), establishment: profile() },
          token,
        );
        expectForbidden(res);
      }
      expectUnauthorized(
        await post('/api/establishments/client-signup', {
          client: clientPerson(uniqueEmail('signup-guest')),
          establishment: profile(),
        }),
      );
    });

    it('answers 409 on client.email when the client email already has an account (any case)', async () => {
      const rep = await userWithRole('representant', 'rep-dup');
      const existing = await userWithRole('customer', 'dup-client');
      const name = `Duplicate ${uniqueWord('dup')}`;
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(existing.email.toUpperCase()), establishment: profile({ name }) },
        rep.token,
      );
      expectError(res, 409, Msg.emailExists, ErrorCode.EMAIL_EXISTS, { 'client.email': Msg.emailExists });
      // Nothing was created.
      expect(await listIds(admin.token, `?q=${encodeURIComponent(name)}`)).toEqual([]);
      expect(await listIds(rep.token)).toEqual([]);
    });

    it('names every required field of an empty establishment with the spec message', async () => {
      const rep = await userWithRole('representant', 'rep-val');
      const res = await post(
        '/api/establishments/client-signup',
        { client: {}, establishment: {} },
        rep.token,
      );
      const body = expectError(res, 400, undefined, ErrorCode.VALIDATION);
      expect(body.fields).toMatchObject({
        'client.firstName': 'first name is required',
        'client.lastName': 'last name is required',
        'client.email': 'email is required',
        'client.phone': 'phone is required',
        'establishment.name': 'name is required',
        'establishment.email': 'email is required',
        'establishment.phone': 'phone is required',
        'establishment.address1': 'address is required',
        'establishment.city': 'city is required',
        'establishment.state': 'state is required',
        'establishment.zip': 'ZIP is required',
        'establishment.country': 'country is required',
        'establishment.businessId': 'business ID is required',
        'establishment.taxId': 'tax ID is required',
        'establishment.vatNumber': 'VAT Reg. No. is required',
      });
      expect(required(FieldLabel.address)).toBe('address is required');
      expect(required(FieldLabel.zip)).toBe('ZIP is required');
      expect(required(FieldLabel.vatNumber)).toBe('VAT Reg. No. is required');

      // Blank strings count as missing.
      const blanks = Object.fromEntries(Object.keys(profile()).map((key) => [key, '   ']));
      const blank = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('blank')), establishment: blanks },
        rep.token,
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json<ErrorBody>().fields).toMatchObject({
        'establishment.name': 'name is required',
        'establishment.address1': 'address is required',
        'establishment.zip': 'ZIP is required',
        'establishment.vatNumber': 'VAT Reg. No. is required',
      });
    });

    it('checks the email, phone and website formats', async () => {
      const rep = await userWithRole('representant', 'rep-fmt');
      const signup = (client: object, establishment: object) =>
        post('/api/establishments/client-signup', { client, establishment }, rep.token);
      expectFieldError(
        await signup(clientPerson('not-an-email'), profile()),
        'client.email',
        Msg.invalidEmail,
      );
      expectFieldError(
        await signup(clientPerson(uniqueEmail('fmt')), profile({ email: 'nope@' })),
        'establishment.email',
        'Must be a valid email',
      );
      expectFieldError(
        await signup(clientPerson(uniqueEmail('fmt')), profile({ phone: 'call us' })),
        'establishment.phone',
        'Must be a valid phone number',
      );
      for (const website of ['not a url', 'ftp://files.example', 'http://', 'roma', 42]) {
        expectFieldError(
          await signup(clientPerson(uniqueEmail('fmt')), profile({ website })),
          'establishment.website',
          'Must be a valid URL',
        );
      }
      // An empty website is fine.
      const ok = await signup(clientPerson(uniqueEmail('fmt-ok')), profile({ website: '' }));
      expect(ok.statusCode, ok.body).toBe(201);
      expect(establishmentOf(ok).website).toBe('');
    });
  });

  describe("the operator's language", () => {
    it('writes their welcome email in the language chosen when registering them, and keeps it as theirs', async () => {
      const rep = await userWithRole('representant', 'rep-lang');
      const email = uniqueEmail('signup-sk');
      const name = `Kaviareň ${uniqueWord('sk')}`;
      const res = await post(
        '/api/establishments/client-signup',
        { client: { ...clientPerson(email), language: 'sk' }, establishment: profile({ name }) },
        rep.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      const mail = await t.mail.waitFor(email);
      expect(mail.subject).toBe('Vitajte v službe Broadcast: potvrďte svoj e-mail');
      expect(mail.text).toContain(`Váš podnik ${name} je teraz na Broadcast.`);
      const password = mail.text.match(/Vaše heslo na prihlásenie: (\S+)/)?.[1];
      expect(password, mail.text).toBeDefined();
      const account = await get('/api/account/me', await signIn(email, password!));
      expect(account.json<{ user: { language: string } }>().user.language).toBe('sk');
    });

    it("without one, takes the registering person's language; an unknown one is refused on the field", async () => {
      const rep = await userWithRole('representant', 'rep-hu');
      await t.ctx.db.update(users).set({ language: 'hu' }).where(eq(users.id, rep.id));
      const email = uniqueEmail('signup-hu');
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(email), establishment: profile() },
        rep.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect((await t.mail.waitFor(email)).subject).toMatch(/^Üdvözöljük/);

      const refused = await post(
        '/api/establishments/client-signup',
        { client: { ...clientPerson(uniqueEmail('signup-xx')), language: 'fr' }, establishment: profile() },
        rep.token,
      );
      expectFieldError(refused, 'client.language', Msg.chooseLanguage);
    });
  });
});
