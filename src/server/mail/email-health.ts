import { createPublicKey } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { EmailDnsRecord, EmailHealth } from '../../shared/schemas/email-health.schema';
import type { Config } from '../config';
import { addressOf } from './transport';

/** The codes of an answer that says "no such record" rather than "the lookup failed". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

/** The TXT values at a name (each record's strings joined, as receivers join them); [] when there is none. */
async function txt(resolver: Resolver, name: string): Promise<string[]> {
  try {
    return (await resolver.resolveTxt(name)).map((strings) => strings.join(''));
  } catch (error) {
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

/** The tags of a DKIM or DMARC record (`v=DKIM1; k=rsa; p=...`), by lower-case name. */
const tags = (record: string) =>
  new Map(
    record
      .split(';')
      .map((part) => part.trim().split('='))
      .filter(([key]) => key)
      .map(([key = '', ...value]) => [key.trim().toLowerCase(), value.join('=').replace(/\s+/g, '')]),
  );

/** A record checked: the values of its kind at its name, and whether they are what we publish. */
async function check(
  resolver: Resolver,
  kind: EmailDnsRecord['kind'],
  name: string,
  expected: string,
  judge: (found: string[]) => EmailDnsRecord['status'],
): Promise<EmailDnsRecord> {
  const prefix = { spf: 'v=spf1', dkim: 'v=dkim1', dmarc: 'v=dmarc1' }[kind];
  try {
    const values = await txt(resolver, name);
    // A DKIM record may leave out v=; any record at the key's name is read as one.
    const found = values.filter((value) => kind === 'dkim' || value.toLowerCase().startsWith(prefix));
    return { kind, name, expected, found, status: found.length === 0 ? 'missing' : judge(found) };
  } catch {
    return { kind, name, expected, found: [], status: 'error' };
  }
}

const notConfigured = (): EmailDnsRecord => ({
  kind: 'dkim',
  name: null,
  expected: null,
  found: [],
  status: 'notConfigured',
});

/** The public half of the DKIM key, as the record's p= carries it (SPKI, DER, base64). */
export const dkimPublicKey = (privateKey: string) =>
  createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');

/** Whether MAIL_FROM's domain is the DKIM domain or a subdomain of it (DMARC's relaxed alignment). */
export const alignedWith = (mailFromDomain: string, dkimDomain: string) =>
  mailFromDomain === dkimDomain || mailFromDomain.endsWith(`.${dkimDomain}`);

/**
 * The SPF, DKIM and DMARC records MAIL_FROM's domain should publish, each looked up in DNS now
 * (EMAIL_HEALTH_DNS_SERVERS, or the system's resolvers).
 */
export async function checkEmailHealth(config: Config): Promise<EmailHealth> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.emailHealthDnsServers.length > 0) resolver.setServers(config.emailHealthDnsServers);
  const mailFromDomain = (addressOf(config.mailFrom).split('@').pop() ?? '').toLowerCase();
  const dkim = config.dkim;
  const publicKey = dkim ? dkimPublicKey(dkim.privateKey) : null;
  const [spf, dkimRecord, dmarc] = await Promise.all([
    check(
      resolver,
      'spf',
      mailFromDomain,
      "v=spf1 include:<your SMTP provider's SPF domain> -all",
      (found) => (found.length === 1 ? 'ok' : 'mismatch'),
    ),
    dkim && publicKey
      ? check(
          resolver,
          'dkim',
          `${dkim.keySelector}._domainkey.${dkim.domainName}`,
          `v=DKIM1; k=rsa; p=${publicKey}`,
          (found) => (found.some((value) => tags(value).get('p') === publicKey) ? 'ok' : 'mismatch'),
        )
      : notConfigured(),
    check(
      resolver,
      'dmarc',
      `_dmarc.${mailFromDomain}`,
      `v=DMARC1; p=none; rua=mailto:dmarc-reports@${mailFromDomain}`,
      (found) => (found.length === 1 && tags(found[0] as string).has('p') ? 'ok' : 'mismatch'),
    ),
  ]);
  return {
    mailFromDomain,
    dkimDomain: dkim?.domainName ?? null,
    aligned: dkim ? alignedWith(mailFromDomain, dkim.domainName) : false,
    records: [spf, dkimRecord, dmarc],
    checkedAt: new Date().toISOString(),
  };
}
