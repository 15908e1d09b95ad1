import { conversationPath } from '../../../shared/push/payload';
import type { RecordedEvent } from '../../events/domain-event';
import type { Outbox } from '../../events/outbox-handle';
import { queueOperatorNotice } from '../operator-notices/operator-notice-queue';
import { findConversation } from './conversations.repo';
import { noticeText } from './message-notice.text';

/**
 * A follower's message as an operator notice: the email of operators without push, at the cadence
 * each chose (at once, an hourly or a daily digest). Quoted with who wrote; the button opens the
 * conversation. The business's own answers are no news to its operators.
 */
export async function queueMessageOperatorNotice(outbox: Outbox, event: RecordedEvent<'message.created'>) {
  if (event.data.fromBusiness || !event.establishmentId) return;
  const conversation = await findConversation(outbox.db, event.data.conversationId);
  if (!conversation) return;
  await queueOperatorNotice(outbox, {
    kind: 'message',
    establishmentId: event.establishmentId,
    subjectId: event.data.messageId,
    actorId: event.actorId,
    context: `${conversation.firstName} ${conversation.lastName}`.trim(),
    text: noticeText(event.data.text),
    path: conversationPath(conversation.id),
    createdAt: event.at,
  });
}
