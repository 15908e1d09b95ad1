import { z } from 'zod';

/**
 * One DNS record the sending domain should publish, and what DNS answers for it now: ok (present
 * and right), missing, mismatch (present but not ours: another DKIM key, two SPF records), error
 * (the lookup failed), notConfigured (DKIM without its settings: nothing to publish yet).
 */
export const EmailDnsRecordSchema = z.object({
  kind: z.enum(['spf', 'dkim', 'dmarc']),
  /** The DNS name of the TXT record; null when DKIM is not configured. */
  name: z.string().nullable(),
  /** The value to publish (SPF's include: is the provider's, a placeholder here). */
  expected: z.string().nullable(),
  /** The TXT values found at the name that are of this kind (v=spf1, v=DKIM1, v=DMARC1). */
  found: z.array(z.string()),
  status: z.enum(['ok', 'missing', 'mismatch', 'error', 'notConfigured']),
});
export type EmailDnsRecord = z.infer<typeof EmailDnsRecordSchema>;

/** The admin page "Email health": MAIL_FROM's domain, the DKIM domain, and the three records checked live. */
export const EmailHealthSchema = z.object({
  mailFromDomain: z.string(),
  /** DKIM_DOMAIN; null when emails are not signed. */
  dkimDomain: z.string().nullable(),
  /** MAIL_FROM's domain is the DKIM domain or under it (DMARC's relaxed alignment). */
  aligned: z.boolean(),
  records: z.array(EmailDnsRecordSchema),
  checkedAt: z.string(),
});
export type EmailHealth = z.infer<typeof EmailHealthSchema>;
