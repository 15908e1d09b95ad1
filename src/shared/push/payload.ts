import type { NotificationAction } from '../schemas/rich-notification';

/**
 * The web push message a follower's service worker receives, built the same way by the server
 * (to send it) and by the web app (to preview it and count its bytes while the operator types).
 */

/** A push service accepts at most 4096 bytes of encrypted body (RFC 8030 section 7.2). */
export const PUSH_RECORD_LIMIT = 4096;
/** aes128gcm adds an 86-byte header (salt, record size, key id length, 65-byte key), a 16-byte tag and a 1-byte padding delimiter (RFC 8188/8291). */
export const PUSH_ENCRYPTION_OVERHEAD = 86 + 16 + 1;
/** The most plaintext JSON one message may carry. */
export const PUSH_PAYLOAD_LIMIT = PUSH_RECORD_LIMIT - PUSH_ENCRYPTION_OVERHEAD;
/** Room kept for the per-recipient receipt token added at send time ("<uuid>.<43 chars>"). */
export const RECEIPT_TOKEN_RESERVE = 100;

export interface PushMessage {
  /** Format version, so an old service worker can ignore a newer shape. */
  v: 1;
  /** The notification (and post) id. */
  id: string;
  establishmentId: string;
  /** The operator's title, else the business's name. */
  title: string;
  body: string;
  /** Absolute or root-relative URLs. */
  icon: string | null;
  image: string | null;
  /** The page a click opens: the operator's link, else the post. */
  url: string;
  /**
   * Up to two buttons: `action` is what notificationclick names; browsers without
   * buttons show the notification without them and a click opens `url`.
   */
  actions?: { action: string; title: string; url: string }[];
  /** Repeats of the same notification replace each other on the device. */
  tag: string;
  /** When it was sent, ms since epoch. */
  timestamp: number;
  /** Per recipient: lets the service worker report receipt and click without a session. */
  receipt?: string;
  /**
   * What it is about. Absent: a business's notification (receipt and click reported). 'welcome': a
   * business's welcome to a new follower, a personal send of the delivery engine (reported alike).
   * 'automation': a business's automated message (a follow-up, a win-back; reported alike).
   * 'comments': the notice to a post's operators that it got new comments; 'withdrawn': the
   * business withdrew the notification with this tag. Those report nothing back.
   */
  kind?: 'comments' | 'welcome' | 'automation' | 'withdrawn' | 'message';
  /**
   * The business edited the notification after it was sent: this replaces the one shown with the
   * same tag, quietly (no sound or vibration again).
   */
  updated?: true;
}

export interface PushMessageInput {
  id: string;
  establishmentId: string;
  establishmentName: string;
  text: string;
  logo: string | null;
  media: string | null;
  createdAt: number;
  /** Rich notification; absent or null: the business's name, the post, no buttons. */
  title?: string | null;
  link?: string | null;
  actions?: NotificationAction[] | null;
  /**
   * A personal send: the business's welcome to a new follower (a click opens the business's page),
   * or an operator's notice of new comments on the post `aboutId` (a click opens its comments).
   * Or a message in the private conversation `link` (its title the writer), to its other side.
   * Absent or 'post': the business's notification.
   */
  source?: 'post' | 'welcome' | 'comments' | 'message' | 'automation';
  aboutId?: string | null;
}

/** A welcome and an automation's message have no post of their own: a click opens the business's page. */
export const opensBusinessPage = (source: string | undefined) =>
  source === 'welcome' || source === 'automation';

const CONVERSATION_PATH = '/app/messages/';
/** Where a private conversation is read in the app. */
export const conversationPath = (id: string) => `${CONVERSATION_PATH}${id}`;

/** Where a click on it goes, its tag (one on the device per business's welcome, per post's comments, per conversation) and its kind. */
function shapeOf(input: PushMessageInput): Pick<PushMessage, 'url' | 'tag' | 'kind'> {
  if (input.source === 'welcome')
    return {
      url: `/app/establishment/${input.establishmentId}`,
      tag: `welcome-${input.establishmentId}`,
      kind: 'welcome',
    };
  if (input.source === 'automation')
    return {
      url: `/app/establishment/${input.establishmentId}`,
      tag: notificationTag(input.id),
      kind: 'automation',
    };
  if (input.source === 'comments' && input.aboutId)
    return {
      url: `${postPath(input.establishmentId, input.aboutId)}#comments`,
      tag: `comments-${input.aboutId}`,
      kind: 'comments',
    };
  if (input.source === 'message' && input.link)
    return {
      url: input.link,
      // Repeats for one conversation replace each other on the device.
      tag: `message-${input.link.slice(CONVERSATION_PATH.length)}`,
      kind: 'message',
    };
  return { url: input.link || postPath(input.establishmentId, input.id), tag: notificationTag(input.id) };
}

/**
 * The RFC 8030 Topic of every push about a notification: a newer push for it (an update, a
 * withdrawal) replaces the older one a push service still holds for an offline device. The id's 32
 * hex digits: base64url characters, at most 32 of them.
 */
export const pushTopicOf = (notificationId: string) => notificationId.replaceAll('-', '');

/** The tag of a notification's pushes: a newer one replaces the shown one on the device. */
export const notificationTag = (notificationId: string) => `notification-${notificationId}`;

export const postPath = (establishmentId: string, id: string) =>
  `/app/establishment/${establishmentId}/notification/${id}`;
export const logoUrl = (logo: string | null) => (logo ? `/image/logo/${logo}.jpeg` : null);
export const mediaUrl = (media: string | null) => (media ? `/image/post/${media}.jpeg` : null);
/** A post's PDF or video, beside its picture. */
export const mediaFileUrl = (media: string, fileType: string | null) =>
  fileType ? `/file/post/${media}.${fileType}` : null;

export function pushMessageOf(input: PushMessageInput): PushMessage {
  const actions = input.actions ?? [];
  return {
    v: 1,
    id: input.id,
    establishmentId: input.establishmentId,
    title: input.title || input.establishmentName,
    body: input.text,
    icon: logoUrl(input.logo) ?? '/icons/icon-192.png',
    image: mediaUrl(input.media),
    ...shapeOf(input),
    timestamp: input.createdAt,
    ...(actions.length > 0
      ? { actions: actions.map((a, index) => ({ action: `a${index}`, title: a.label, url: a.url })) }
      : {}),
  };
}

/**
 * A sent notification withdrawn by its business: the service worker closes the one shown with this
 * tag. `body` (in the follower's language) is what it shows instead where the browser insists on a
 * notification for every push.
 */
export interface WithdrawalInput {
  id: string;
  establishmentId: string;
  establishmentName: string;
  logo: string | null;
  text: string;
  at: number;
}

export function withdrawalOf(input: WithdrawalInput): PushMessage {
  return {
    v: 1,
    kind: 'withdrawn',
    id: input.id,
    establishmentId: input.establishmentId,
    title: input.establishmentName,
    body: input.text,
    icon: logoUrl(input.logo) ?? '/icons/icon-192.png',
    image: null,
    url: `/app/establishment/${input.establishmentId}`,
    tag: notificationTag(input.id),
    timestamp: input.at,
  };
}

/**
 * UTF-8 bytes of a string, as TextEncoder counts them (a lone surrogate becomes U+FFFD, 3 bytes);
 * counted by hand because shared code compiles without DOM or Node globals.
 */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** UTF-8 bytes of a message as sent, before the receipt token. */
export function pushMessageBytes(message: PushMessage): number {
  return utf8Bytes(JSON.stringify(message));
}

/** Bytes left for more text (negative: over the limit), counting the receipt token's reserve. */
export function pushBytesLeft(message: PushMessage): number {
  return PUSH_PAYLOAD_LIMIT - RECEIPT_TOKEN_RESERVE - pushMessageBytes(message);
}
