import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';
import { messageNoticeOf } from '../../../shared/push/payload';
import type { AppContext } from '../../context';
import { pushToDevices } from '../../delivery';
import { messageMail } from '../../mail/message-mail';
import type { PushOptions } from '../../push/push-sender';
import { liveDevicesOf } from '../notifications';
import * as repo from './conversations.repo';

/**
 * Telling the other side of a conversation that a message came, by their channel: push to their
 * devices, else email (a confirmed address; operators' through their notice cadence), else the
 * app's own count of unread conversations (the Messages badge; always kept, whatever else is sent).
 */

/** A message is worth a day on a device; after that it waits in the app. */
const MESSAGE_PUSH: PushOptions = { ttl: 24 * 3600, urgency: 'high' };

type Message = NonNullable<Awaited<ReturnType<typeof repo.findMessage>>>;
type Conversation = NonNullable<Awaited<ReturnType<typeof repo.findConversation>>>;
type Recipient = Awaited<ReturnType<typeof repo.operatorsOf>>[number];

const languageOf = (value: string | null): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

export const conversationPath = (id: string) => `/app/messages/${id}`;

/** What a notice quotes of a message that is only a picture: a sign every language reads. */
export const PICTURE_ONLY_TEXT = '📷';

/** The words a notice quotes of a message. */
export const noticeText = (text: string) => text || PICTURE_ONLY_TEXT;

/** Push to those of `recipients` with a live device; answers who has none (email is theirs). */
async function pushOrLeft(
  ctx: AppContext,
  recipients: Recipient[],
  conversation: Conversation,
  message: Message,
  title: string,
): Promise<Recipient[]> {
  const devices = await liveDevicesOf(
    ctx.db,
    recipients.map((r) => r.userId),
  );
  const notice = messageNoticeOf({
    conversationId: conversation.id,
    messageId: message.id,
    establishmentId: conversation.establishmentId,
    title,
    text: noticeText(message.text),
    logo: conversation.logo,
    url: conversationPath(conversation.id),
    at: message.createdAt.getTime(),
  });
  const outcomes = await pushToDevices(
    ctx,
    devices.map((device) => ({ device, message: notice })),
    MESSAGE_PUSH,
  );
  const reached = new Set(devices.filter((_, i) => outcomes[i] === 'sent').map((d) => d.userId));
  return recipients.filter((r) => !reached.has(r.userId));
}

async function email(ctx: AppContext, recipients: Recipient[], conversation: Conversation, message: Message) {
  for (const r of recipients) {
    if (!r.emailVerified) continue;
    await ctx.mailer.send({
      to: r.email,
      ...messageMail(languageOf(r.language), {
        firstName: r.firstName,
        establishment: conversation.establishmentName,
        text: noticeText(message.text),
        url: `${ctx.config.publicUrl}${conversationPath(conversation.id)}`,
      }),
    });
  }
}

/**
 * A follower wrote to the business: each operator with a live device hears of it by push. Those
 * without one get an email at the cadence they chose (message-operator-notice.ts, the operator
 * notices' digest), queued with the message.
 */
export async function notifyOperatorsOfMessage(
  ctx: AppContext,
  conversation: Conversation,
  message: Message,
) {
  const operators = await repo.operatorsOf(ctx.db, conversation.establishmentId);
  const title = `${conversation.firstName} ${conversation.lastName}`.trim() || conversation.establishmentName;
  await pushOrLeft(ctx, operators, conversation, message, title);
}

/** The business answered: the follower hears of it by push, else email; the app's badge shows it anyway. */
export async function notifyFollowerOfMessage(ctx: AppContext, conversation: Conversation, message: Message) {
  const follower = await repo.findUser(ctx.db, conversation.followerId);
  if (!follower) return;
  const left = await pushOrLeft(ctx, [follower], conversation, message, conversation.establishmentName);
  if (!follower.guest) await email(ctx, left, conversation, message);
}

/** Tell the other side of this message, if the message and its conversation are still there. */
export async function noticeOfMessage(ctx: AppContext, messageId: string) {
  const message = await repo.findMessage(ctx.db, messageId);
  if (!message) return;
  const conversation = await repo.findConversation(ctx.db, message.conversationId);
  if (!conversation) return;
  if (message.fromBusiness) await notifyFollowerOfMessage(ctx, conversation, message);
  else await notifyOperatorsOfMessage(ctx, conversation, message);
}
