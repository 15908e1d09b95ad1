import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';
import { conversationPath } from '../../../shared/push/payload';
import type { AppContext } from '../../context';
import { startPersonalSends } from '../../delivery';
import { withOutbox } from '../../events/outbox';
import { messageMail } from '../../mail/message-mail';
import * as repo from './conversations.repo';
import { noticeText } from './message-notice.text';

/**
 * Telling the other side of a conversation that a message came, by their channel: push to their
 * devices (a personal send of the delivery engine: quiet hours, push's retries, a delivery row per
 * device), else email (a confirmed address; operators' through their notice cadence), else the
 * app's own count of unread conversations (the Messages badge; always kept, whatever else is sent).
 */

/** What a push quotes of a message at most: a long message is read in the app. */
const NOTICE_CHARS = 300;

type Message = NonNullable<Awaited<ReturnType<typeof repo.findMessage>>>;
type Conversation = NonNullable<Awaited<ReturnType<typeof repo.findConversation>>>;
type Recipient = Awaited<ReturnType<typeof repo.operatorsOf>>[number];

const languageOf = (value: string | null): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** Push to those of `recipients` a device of theirs takes it on; answers who has none (email is theirs). */
async function pushOrLeft(
  ctx: AppContext,
  recipients: Recipient[],
  conversation: Conversation,
  message: Message,
  title: string,
): Promise<Recipient[]> {
  const text = noticeText(message.text);
  const reached = await withOutbox(ctx, (outbox) =>
    startPersonalSends(
      ctx,
      outbox,
      recipients.map((r) => ({
        establishmentId: conversation.establishmentId,
        source: 'message' as const,
        recipientId: r.userId,
        title,
        text: text.length > NOTICE_CHARS ? `${text.slice(0, NOTICE_CHARS - 1)}…` : text,
        linkUrl: conversationPath(conversation.id),
      })),
    ),
  );
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
