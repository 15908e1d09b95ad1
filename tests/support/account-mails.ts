import { expect } from 'vitest';
import type { ReceivedMail } from './smtp-sink';

/** The PUBLIC_URL every test app is built with (tests/support/test-app.ts): email links start with it. */
export const TEST_PUBLIC_URL = 'http://app.test';

type LinkKind = 'verify' | 'newpassword';

/** Whether the mail carries a `/verify/…` or `/newpassword/…` link of the test app. */
export const hasLink = (kind: LinkKind) => (mail: ReceivedMail) =>
  mail.links.some((link) => link.startsWith(`${TEST_PUBLIC_URL}/${kind}/`));

/** The token of the mail's `/verify/{token}` or `/newpassword/{token}` link. */
export function linkToken(mail: ReceivedMail, kind: LinkKind): string {
  const link = mail.links.find((l) => l.startsWith(`${TEST_PUBLIC_URL}/${kind}/`));
  expect(link, `a /${kind}/ link in:\n${mail.text}`).toBeDefined();
  const match = new URL(link!).pathname.match(new RegExp(`^/${kind}/([A-Za-z0-9_-]{20,})$`));
  expect(match, link).not.toBeNull();
  return match![1]!;
}

/** The generated password the welcome email carries. */
export function passwordIn(mail: ReceivedMail): string {
  const match = mail.text.match(/Your password for signing in: (\S+)/);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}
