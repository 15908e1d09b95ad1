/**
 * Every email is signed with DKIM: a registration's verification email, as the SMTP sink received
 * it, is verified by an independent verifier (mailauth) against the public key published in a
 * DNS answer the test gives; a tampered copy is not. And the .eml files written without SMTP_URL
 * carry the same signature.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth';
import { describe, expect, it } from 'vitest';
import { registration } from '../../../tests/support/account-api';
import { hasLink } from '../../../tests/support/account-mails';
import { uniqueEmail } from '../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../tests/support/route-fixture';
import { loadConfig } from '../config';
import { createMailer } from './transport';

const DOMAIN = 'news.example.com';
const SELECTOR = 'broadcast1';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_KEY = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
/** The TXT record operations.md says to publish: `v=DKIM1; k=rsa; p=<the public key, DER, base64>`. */
const RECORD = `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const DKIM_ENV = { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: PRIVATE_KEY };

/** DNS as the verifier sees it: the key record at <selector>._domainkey.<domain>, nothing else. */
const lookups: string[] = [];
async function resolver(name: string, type: string): Promise<string[][]> {
  lookups.push(`${type} ${name}`);
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[RECORD]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

/** The DKIM results mailauth gives for a message. */
async function verify(message: Buffer | string) {
  const { results } = await dkimVerify(message, { resolver });
  return results;
}

/** The message with its body changed after the blank line that ends the headers. */
function withBody(raw: Buffer, change: (body: string) => string): string {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  return text.slice(0, end) + change(text.slice(end));
}

const fixture = setupRouteFixture({
  env: { ...DKIM_ENV, MAIL_FROM: `Broadcast <no-reply@${DOMAIN}>` },
  admin: false,
});

describe('DKIM signing of the emails the app sends', () => {
  it('signs the verification email: mailauth verifies it against the published key; a tampered body fails', async () => {
    const { t } = fixture;
    const email = uniqueEmail('dkim');
    const res = await t.request({
      method: 'POST',
      url: '/api/account/register',
      payload: registration(email),
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.mail.waitFor(email, hasLink('verify'));
    expect(mail.raw.toString('utf8')).toMatch(/^DKIM-Signature: /im);

    const [result, ...others] = await verify(mail.raw);
    expect(others).toEqual([]);
    expect(result?.status.result, result?.info).toBe('pass');
    expect(result?.signingDomain).toBe(DOMAIN);
    expect(result?.selector).toBe(SELECTOR);
    expect(result?.algo).toBe('rsa-sha256');
    // The From domain is the signing domain: DMARC aligns on DKIM.
    expect(result?.status.aligned).toBe(DOMAIN);
    expect(lookups).toContain(`TXT ${SELECTOR}._domainkey.${DOMAIN}`);

    // One character more in the body: the body hash no longer matches.
    const [tampered] = await verify(withBody(mail.raw, (body) => body.replace(/Ada/, 'Eve')));
    expect(withBody(mail.raw, (body) => body.replace(/Ada/, 'Eve'))).not.toBe(mail.raw.toString('utf8'));
    expect(tampered?.status.result).not.toBe('pass');
    expect(tampered?.status.comment).toMatch(/body hash did not verify/);

    // A signed header changed (the subject): the signature itself fails.
    const forged = mail.raw.toString('utf8').replace(/^Subject: .*$/m, 'Subject: Your account is closed');
    const [forgedResult] = await verify(forged);
    expect(forgedResult?.status.result).toBe('fail');
  });

  it('signs the .eml files written without SMTP_URL too', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-dkim-eml-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        MAIL_FROM: `Broadcast <no-reply@${DOMAIN}>`,
        ...DKIM_ENV,
      });
      const mailer = createMailer(config, { info: () => {} });
      await mailer.send({
        to: 'reader@example.org',
        subject: 'Hello',
        text: 'Hello there',
        html: '<p>Hello there</p>',
      });
      mailer.close();
      const [file] = await readdir(path.join(dataDir, 'mail'));
      const [result] = await verify(await readFile(path.join(dataDir, 'mail', file as string)));
      expect(result?.status.result, result?.info).toBe('pass');
      expect(result?.signingDomain).toBe(DOMAIN);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
