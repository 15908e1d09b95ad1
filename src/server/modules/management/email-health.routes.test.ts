/**
 * The admin page "Email health": the SPF, DKIM and DMARC records to publish for MAIL_FROM's domain,
 * checked live against a real DNS server the test starts (dns2 on 127.0.0.1), and whether
 * MAIL_FROM's domain is the DKIM domain.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from '../../../../tests/support/dns-server';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { EmailHealth } from '../../../shared/schemas/email-health.schema';
import { loadConfig } from '../../config';
import { checkEmailHealth, dkimPublicKey } from '../../mail/email-health';

const DOMAIN = 'news.example.com';
const pem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
const KEY = pem();
const PUBLIC = dkimPublicKey(KEY);
const DKIM_NAME = `broadcast1._domainkey.${DOMAIN}`;

let dns: DnsServer;
const env: Record<string, string> = {
  MAIL_FROM: `Broadcast <no-reply@${DOMAIN}>`,
  DKIM_DOMAIN: DOMAIN,
  DKIM_SELECTOR: 'broadcast1',
  DKIM_PRIVATE_KEY: KEY,
};
const fixture = setupRouteFixture({
  env,
  before: async () => {
    dns = await startDnsServer();
    env.EMAIL_HEALTH_DNS_SERVERS = dns.address;
  },
});
afterAll(() => dns?.close());

const URL = '/api/management/email-health';
let health: () => Promise<EmailHealth>;
beforeAll(() => {
  health = async () => {
    const res = await fixture.t.request({ method: 'GET', url: URL, token: fixture.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EmailHealth>();
  };
});
const statuses = (h: EmailHealth) => Object.fromEntries(h.records.map((r) => [r.kind, r.status]));

describe('GET /api/management/email-health', () => {
  it('401 without a token, 403 for anyone but an admin', async () => {
    expect((await fixture.t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const role of ['customer', 'client', 'representant'] as const) {
      const user = await fixture.a.userWithRole(role, `health-${role}`);
      expect((await fixture.t.request({ method: 'GET', url: URL, token: user.token })).statusCode).toBe(403);
    }
  });

  it('nothing published: the three records to publish, each missing', async () => {
    const h = await health();
    expect(h).toMatchObject({ mailFromDomain: DOMAIN, dkimDomain: DOMAIN, aligned: true });
    expect(h.records).toEqual([
      {
        kind: 'spf',
        name: DOMAIN,
        expected: expect.stringMatching(/^v=spf1 /),
        found: [],
        status: 'missing',
      },
      {
        kind: 'dkim',
        name: DKIM_NAME,
        expected: `v=DKIM1; k=rsa; p=${PUBLIC}`,
        found: [],
        status: 'missing',
      },
      {
        kind: 'dmarc',
        name: `_dmarc.${DOMAIN}`,
        expected: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${DOMAIN}`,
        found: [],
        status: 'missing',
      },
    ]);
  });

  it('published: each ok, read live (a long key split into strings, other TXT records beside SPF)', async () => {
    dns.set(DOMAIN, ['google-site-verification=abc', 'v=spf1 include:_spf.example.net -all']);
    dns.set(DKIM_NAME, [`v=DKIM1; k=rsa; p=${PUBLIC}`]);
    dns.set(`_dmarc.${DOMAIN}`, ['v=DMARC1; p=quarantine; rua=mailto:d@news.example.com']);
    const h = await health();
    expect(statuses(h)).toEqual({ spf: 'ok', dkim: 'ok', dmarc: 'ok' });
    expect(h.records[0]?.found).toEqual(['v=spf1 include:_spf.example.net -all']);
    expect(h.records[1]?.found).toEqual([`v=DKIM1; k=rsa; p=${PUBLIC}`]);
  });

  it('another key, two SPF records: mismatch; a failing lookup: error', async () => {
    dns.set(DOMAIN, ['v=spf1 -all', 'v=spf1 include:_spf.example.net -all']);
    dns.set(DKIM_NAME, [`v=DKIM1; k=rsa; p=${dkimPublicKey(pem())}`]);
    dns.set(`_dmarc.${DOMAIN}`, 'SERVFAIL');
    expect(statuses(await health())).toEqual({ spf: 'mismatch', dkim: 'mismatch', dmarc: 'error' });
  });
});

describe('checkEmailHealth', () => {
  const base = { JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789', DATA_DIR: '/tmp' };

  it("says when MAIL_FROM's domain is not the DKIM domain; a subdomain of it aligns", async () => {
    const servers = { EMAIL_HEALTH_DNS_SERVERS: dns.address };
    const dkim = { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: KEY };
    const other = await checkEmailHealth(
      loadConfig({ ...base, ...servers, ...dkim, MAIL_FROM: 'a@other.org' }),
    );
    expect(other).toMatchObject({ mailFromDomain: 'other.org', dkimDomain: 'example.com', aligned: false });
    const sub = await checkEmailHealth(
      loadConfig({ ...base, ...servers, ...dkim, MAIL_FROM: 'B <a@news.example.com>' }),
    );
    expect(sub.aligned).toBe(true);
  });

  it('without DKIM settings: DKIM not configured, not aligned', async () => {
    const h = await checkEmailHealth(
      loadConfig({ ...base, EMAIL_HEALTH_DNS_SERVERS: dns.address, MAIL_FROM: `a@${DOMAIN}` }),
    );
    expect(h).toMatchObject({ dkimDomain: null, aligned: false });
    expect(h.records[1]).toEqual({
      kind: 'dkim',
      name: null,
      expected: null,
      found: [],
      status: 'notConfigured',
    });
  });

  it('EMAIL_HEALTH_DNS_SERVERS must be addresses', () => {
    expect(() => loadConfig({ ...base, EMAIL_HEALTH_DNS_SERVERS: 'dns.example.com' })).toThrow(
      /EMAIL_HEALTH_DNS_SERVERS: "dns.example.com" is not a list of DNS server addresses/,
    );
  });
});
