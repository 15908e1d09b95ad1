import type { Actor } from '../../../shared/permissions';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { admitWriter, auditStaff, loadConversation } from './conversations.service';
import { type PictureSize, readPicture, storePicture } from './message-pictures';
import { pictureShown } from './message-pictures.repo';

/**
 * Pictures in messages: uploaded to a conversation by whoever may write in it now, attached to
 * their next message, and read by whoever may read the conversation; anyone else hears 404.
 */

/** Before the upload's body is read: the conversation, once the actor may write in it. */
export async function admitUpload(ctx: AppContext, actor: Actor, conversationId: string) {
  const row = await loadConversation(ctx, actor, conversationId);
  await admitWriter(ctx, actor, row);
  return row;
}

/** Store the upload (re-encoded, both sizes) in the conversation: its id, to attach to a message. */
export async function uploadPicture(ctx: AppContext, conversationId: string, file: string) {
  return { id: await storePicture(ctx.config.dataDir, conversationId, file) };
}

/** A picture a message of the conversation shows, for whoever may read it (admins recorded). */
export async function getPicture(
  ctx: AppContext,
  actor: Actor,
  conversationId: string,
  picture: string,
  size: PictureSize,
): Promise<Buffer> {
  const row = await loadConversation(ctx, actor, conversationId);
  if (!(await pictureShown(ctx.db, conversationId, picture))) throw notFound();
  await auditStaff(ctx, actor, row, 'picture');
  const jpeg = await readPicture(ctx.config.dataDir, conversationId, picture, size);
  if (!jpeg) throw notFound();
  return jpeg;
}
