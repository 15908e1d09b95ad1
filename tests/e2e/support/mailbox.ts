import { expect } from '@playwright/test';
import { CONTROL_URL } from './ports';

/** One email as the e2e server's SMTP sink received it. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part. */
  links: string[];
}

const MAILBOX_URL = `${CONTROL_URL}/messages`;

/** Every email received so far for this address, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`${MAILBOX_URL}?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

/**
 * Wait for an email to `to` whose subject or text matches `match` (a regular expression, or a test),
 * and return the newest such email. `count` waits until that many matching emails have arrived.
 */
export async function waitForMail(
  to: string,
  match: RegExp | ((mail: Mail) => boolean) = () => true,
  { count = 1, timeout = 30_000 }: { count?: number; timeout?: number } = {},
): Promise<Mail> {
  const test = typeof match === 'function' ? match : (m: Mail) => match.test(m.subject) || match.test(m.text);
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).filter(test);
        return found.length;
      },
      { message: `email to ${to} matching ${String(match)}`, timeout, intervals: [100, 200, 300, 500] },
    )
    .toBeGreaterThanOrEqual(count);
  return found[found.length - 1]!;
}

/** The link in an email that leads to the given app path (such as /verify/ or /newpassword/). */
export function linkTo(mail: Mail, pathPrefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}
