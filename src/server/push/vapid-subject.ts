import { isIP } from 'node:net';

/** The contact push services see in our tokens: VAPID_SUBJECT, else SUPPORT_EMAIL's address. */
export const vapidSubject = (config: { vapid: { subject?: string | undefined }; supportEmail: string }) =>
  config.vapid.subject ?? `mailto:${config.supportEmail}`;

/** Names no push service operator can reach: one label, or a suffix kept for local and test use. */
const UNREACHABLE_HOST = /^(?:[^.]+|.*\.(?:localhost|local|internal|lan|home|test|invalid|example))\.?$/i;

/**
 * Why a VAPID subject (RFC 8292 section 2.1) would be refused, or null. Apple's push service answers
 * 403 BadJwtToken to a `sub` that is not a reachable mailto: or https: contact (e.g.
 * mailto:support@localhost) while Chrome's accepts it, so the failure reaches only iPhone users.
 */
export function vapidSubjectProblem(subject: string): string | null {
  let host: string;
  if (/^mailto:/i.test(subject)) {
    const address = subject.slice('mailto:'.length);
    const at = address.lastIndexOf('@');
    if (at <= 0) return `"${subject}" is not a mailto: address`;
    host = address.slice(at + 1);
  } else if (/^https:/i.test(subject)) {
    try {
      host = new URL(subject).hostname;
    } catch {
      return `"${subject}" is not an https: URL`;
    }
  } else {
    return `"${subject}" is neither a mailto: address nor an https: URL`;
  }
  if (isIP(host.replace(/^\[|\]$/g, '')) || UNREACHABLE_HOST.test(host)) {
    return `"${subject}" names ${host}, which no push service can reach`;
  }
  return null;
}
