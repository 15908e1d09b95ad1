import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PATHS, pathWith } from '../../shared/contracts/paths';
import { postPath } from '../../shared/push/payload';
import { buttonKindOf } from '../../shared/schemas/button-target';

/**
 * The links a notification email carries, signed so they work without a session and cannot be
 * made for someone else: "Open" and the post's buttons (a click counted, EMAIL_CLICK_TRACKING), and stopping this business's emails, by a
 * person on a page or by the mail client at once (RFC 8058 one-click). The signature is an HMAC of
 * what the link names, with the server's secret; nothing is stored.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mac(secret: Uint8Array, purpose: string, a: string, b: string): string {
  return createHmac('sha256', secret).update(`${purpose}|${a}|${b}`).digest('base64url').slice(0, 22);
}

/**
 * The two ids and the signature, one after the other (36 + 36 + 22 characters): no dot, which the
 * web server would take for a file's extension in a page's path.
 */
function sign(secret: Uint8Array, purpose: string, a: string, b: string): string {
  return `${a}${b}${mac(secret, purpose, a, b)}`;
}

function read(secret: Uint8Array, purpose: string, token: string): [string, string] | null {
  const [a, b, given] = [token.slice(0, 36), token.slice(36, 72), token.slice(72)];
  if (!UUID.test(a) || !UUID.test(b) || given.length !== 22) return null;
  const expected = Buffer.from(mac(secret, purpose, a, b));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? [a, b] : null;
}

/** Stop this business's emails to this user. */
export const unsubscribeToken = (secret: Uint8Array, userId: string, establishmentId: string) =>
  sign(secret, 'unsubscribe', userId, establishmentId);

export function readUnsubscribeToken(secret: Uint8Array, token: string) {
  const ids = read(secret, 'unsubscribe', token);
  return ids ? { userId: ids[0], establishmentId: ids[1] } : null;
}

const ONE_CLICK_PATH = API_PATHS.emailUnsubscribe.replace(':token', '');

/**
 * The token of the one-click link in a List-Unsubscribe header as our emails carry it (`<https://
 * …/api/email/unsubscribe/{token}>`, perhaps beside a mailto:), unverified; null when it has none.
 */
export function unsubscribeTokenIn(listUnsubscribe: string): string | null {
  for (const [, uri = ''] of listUnsubscribe.matchAll(/<([^>]*)>/g)) {
    const at = uri.indexOf(ONE_CLICK_PATH);
    if (at === -1) continue;
    const token = uri.slice(at + ONE_CLICK_PATH.length).split(/[/?#]/)[0] ?? '';
    try {
      if (token) return decodeURIComponent(token);
    } catch {
      // Not percent-encoding: not a link we wrote.
    }
  }
  return null;
}

/** This user opened this notification from its email. */
export const emailOpenToken = (secret: Uint8Array, notificationId: string, userId: string) =>
  sign(secret, 'open', notificationId, userId);

/**
 * This user followed button `target` of this notification's email: the Open token's shape with the
 * button's index signed in and written after it. The index only chooses among the URLs stored on the
 * notification, so the redirect goes nowhere else.
 */
export const emailLinkToken = (secret: Uint8Array, notificationId: string, userId: string, target: number) =>
  `${sign(secret, `link${target}`, notificationId, userId)}${target}`;

const OPEN_TOKEN_LENGTH = 94;

/** Which notification and user a link names, and which button (null: Open). */
export function readEmailOpenToken(secret: Uint8Array, token: string) {
  const index = token.slice(OPEN_TOKEN_LENGTH);
  if (index && !/^(0|[1-9]\d?)$/.test(index)) return null;
  const target = index ? Number(index) : null;
  const ids = read(secret, target === null ? 'open' : `link${target}`, token.slice(0, OPEN_TOKEN_LENGTH));
  return ids ? { notificationId: ids[0], userId: ids[1], target } : null;
}

/** What a notification email points to, besides its unsubscribe links. */
export interface EmailTargets {
  notificationId: string;
  userId: string;
  establishmentId: string;
  linkUrl: string | null;
  actions: { url: string }[];
  /** EMAIL_CLICK_TRACKING: through the signed redirect, counted; else straight to the target. */
  tracking: boolean;
}

/** The absolute links of one notification email to one follower. */
export function notificationEmailLinks(publicUrl: string, secret: Uint8Array, v: EmailTargets) {
  const unsubscribe = unsubscribeToken(secret, v.userId, v.establishmentId);
  const redirect = (token: string) => `${publicUrl}${pathWith(API_PATHS.emailOpen, { token })}`;
  return {
    /** Names the follower and the business to whoever holds the secret (complaints carry it back). */
    unsubscribeToken: unsubscribe,
    /** The business's own link when it gave one, else the post (as the redirect decides). */
    open: v.tracking
      ? redirect(emailOpenToken(secret, v.notificationId, v.userId))
      : (v.linkUrl ?? `${publicUrl}${postPath(v.establishmentId, v.notificationId)}`),
    // A call or an email button is its own tel:/mailto: link, uncounted: a web redirect to such a
    // scheme leaves a blank tab in webmail and on a computer, where the link itself opens the app.
    actions: v.actions.map((action, i) =>
      v.tracking && buttonKindOf(action.url) === 'link'
        ? redirect(emailLinkToken(secret, v.notificationId, v.userId, i))
        : action.url,
    ),
    /** For the mail client's one-click POST (List-Unsubscribe). */
    oneClick: `${publicUrl}${pathWith(API_PATHS.emailUnsubscribe, { token: unsubscribe })}`,
    /** For a person: a page that asks before it stops anything (link checkers follow GET links). */
    unsubscribePage: `${publicUrl}/unsubscribe/${encodeURIComponent(unsubscribe)}`,
    manage: `${publicUrl}/app/account`,
  };
}
