import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import { mediaUrl } from '../../../shared/push/payload';
import {
  type CreateDraftBody,
  DRAFTS_MAX,
  type Draft,
  type DraftContent,
  DraftContentSchema,
  type DraftKind,
  type DraftList,
  type UpdateDraftBody,
} from '../../../shared/schemas/draft.schema';
import type { AppContext } from '../../context';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { loadEstablishment, resourceOf } from '../establishments/establishment-access';
import * as notificationsRepo from '../notifications';
import * as repo from './drafts.repo';

/**
 * Drafts and templates: kept by the establishment, not by their author, so colleagues
 * who send for it see and use them; who may send for it may keep, change and delete them (can()).
 */

function toDraftDto(row: repo.DraftRow): Draft {
  const content = DraftContentSchema.parse(row.content);
  const hasName = row.authorFirstName !== null || row.authorLastName !== null;
  const mediaId = row.mediaExists ? (content.mediaId ?? null) : null;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    content: { ...content, mediaId, mediaUrl: mediaUrl(mediaId) },
    authorName: hasName ? `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadForSending(ctx: AppContext, actor: Actor, establishmentId: string) {
  const establishment = await loadEstablishment(ctx, establishmentId);
  authorize(actor, 'notificationPost:create', resourceOf(establishment));
  return establishment;
}

/** A draft and its establishment, for who may send for it; 404 for anyone else's. */
async function loadDraft(ctx: AppContext, actor: Actor, id: string) {
  const row = await repo.findDraft(ctx.db, id);
  if (!row) throw notFound();
  await loadForSending(ctx, actor, row.establishmentId);
  return row;
}

/** A picture kept with a draft must be one of this establishment's. */
async function checkMedia(ctx: AppContext, establishmentId: string, content: DraftContent) {
  if (!content.mediaId) return;
  const media = await notificationsRepo.findMedia(ctx.db, content.mediaId);
  if (!media || media.establishmentId !== establishmentId)
    throw fieldError('content.mediaId', Msg.mediaNotFound);
}

const savedMessage = (kind: DraftKind) => (kind === 'template' ? Msg.templateSaved : Msg.draftSaved);

export async function list(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  kind: DraftKind,
): Promise<DraftList> {
  const establishment = await loadForSending(ctx, actor, establishmentId);
  const rows = await repo.listDrafts(ctx.db, establishment.id, kind, DRAFTS_MAX);
  return { items: rows.map(toDraftDto) };
}

export async function create(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  body: CreateDraftBody,
): Promise<{ draft: Draft; message: string }> {
  const establishment = await loadForSending(ctx, actor, establishmentId);
  const content = DraftContentSchema.parse(body.content);
  await checkMedia(ctx, establishment.id, content);
  if ((await repo.countDrafts(ctx.db, establishment.id, body.kind)) >= DRAFTS_MAX)
    throw new AppError(409, ErrorCode.CONFLICT, Msg.draftsFull);
  const id = await repo.insertDraft(ctx.db, {
    establishmentId: establishment.id,
    authorId: actor.id,
    kind: body.kind,
    name: body.name.trim(),
    content,
  });
  const row = await repo.findDraft(ctx.db, id);
  return { draft: toDraftDto(row!), message: savedMessage(body.kind) };
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: UpdateDraftBody,
): Promise<{ draft: Draft; message: string }> {
  const row = await loadDraft(ctx, actor, id);
  const content = body.content ? DraftContentSchema.parse(body.content) : undefined;
  if (content) await checkMedia(ctx, row.establishmentId, content);
  await repo.updateDraft(ctx.db, id, {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(content ? { content } : {}),
  });
  const updated = await repo.findDraft(ctx.db, id);
  if (!updated) throw notFound();
  return { draft: toDraftDto(updated), message: savedMessage(updated.kind) };
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<string> {
  await loadDraft(ctx, actor, id);
  await repo.deleteDraft(ctx.db, id);
  return Msg.draftDeleted;
}
