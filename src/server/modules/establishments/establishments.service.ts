import sharp from 'sharp';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, becomesClientByOperating, can, establishmentScope } from '../../../shared/permissions';
import type {
  AddMemberBody,
  ClientSignupBody,
  Establishment,
  EstablishmentFields,
  EstablishmentList,
  EstablishmentView,
  GalleryImage,
  Member,
  PublicEstablishment,
} from '../../../shared/schemas/establishment.schema';
import { EstablishmentFieldsSchema } from '../../../shared/schemas/establishment.schema';
import { GALLERY_LIMIT } from '../../../shared/uploads';
import type { AppContext, AuthedActor } from '../../context';
import type { Db } from '../../db/client';
import { welcomeJob } from '../../jobs/account-mail.job';
import { withOutbox } from '../../jobs/outbox';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { type ImageSource, removeJpeg, saveJpeg, toJpeg } from '../../lib/images';
import * as accounts from '../account/account.repo';
import { UNUSABLE_PASSWORD } from '../account/account.service';
import {
  stateOf,
  toEstablishmentDto,
  toFollowerEstablishmentDto,
  toGalleryDto,
  toPublicEstablishmentDto,
} from './establishment.dto';
import * as repo from './establishments.repo';
import { newPublicId } from './public-id';

export { GALLERY_LIMIT };

const emailTaken = (field: string) =>
  new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { [field]: Msg.emailExists });
const gone = () => notFound(Msg.establishmentNotFound);

/** The establishment, unless deleted. */
async function load(ctx: AppContext, id: string): Promise<repo.EstablishmentWithCounts> {
  const row = await repo.findEstablishment(ctx.db, id);
  if (!row || row.deletedAt) throw gone();
  return row;
}

const resourceOf = (row: repo.EstablishmentRow) => ({
  establishmentId: row.id,
  registeredById: row.registeredById,
  blocked: row.blockedAt !== null,
});

/** The view of an establishment this actor gets: operator for who may read its private fields, else follower. */
const viewFor = (actor: Actor, row: repo.EstablishmentWithCounts): EstablishmentView =>
  can(actor, 'establishment:readPrivate', resourceOf(row))
    ? toEstablishmentDto(row)
    : toFollowerEstablishmentDto(row);

/** Operators may change their establishment's profile; a blocked one only admins (403 ESTABLISHMENT_BLOCKED). */
const assertCanEdit = (actor: Actor, row: repo.EstablishmentRow) =>
  authorize(actor, 'establishment:edit', resourceOf(row));

/** A fresh public id that no other establishment has. */
async function uniquePublicId(db: Db, name: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = newPublicId(name);
    if (!(await repo.publicIdTaken(db, id))) return id;
  }
  throw new Error('Could not find a free public id');
}

const fieldsToRow = (fields: EstablishmentFields) => {
  const f = EstablishmentFieldsSchema.parse(fields);
  return {
    name: f.name,
    subheader: f.subheader,
    email: f.email,
    phone: f.phone,
    website: f.website,
    address1: f.address1,
    address2: f.address2,
    city: f.city,
    state: f.state,
    zip: f.zip,
    country: f.country,
    businessId: f.businessId,
    taxId: f.taxId,
    vatNumber: f.vatNumber,
    timeZone: f.timeZone,
    active: f.active,
  };
};

/** The establishments the actor may see: all (admin), registered (representative), operated or followed. */
export async function list(
  ctx: AppContext,
  actor: AuthedActor,
  query: { q?: string; status?: 'active' | 'inactive' | 'blocked'; page: number; pageSize: number },
): Promise<EstablishmentList> {
  const { items, total } = await repo.listEstablishments(ctx.db, establishmentScope(actor), query);
  return {
    items: items.map((row) => viewFor(actor, row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * One establishment: the operator view for its admins, operators and registering representative,
 * the follower view (public fields) for those who may read its posts, i.e. its followers.
 */
export async function get(ctx: AppContext, actor: AuthedActor, id: string): Promise<EstablishmentView> {
  const row = await load(ctx, id);
  authorize(actor, 'establishment:read', resourceOf(row));
  return viewFor(actor, row);
}

/** An admin creates an establishment. */
export async function create(
  ctx: AppContext,
  actor: AuthedActor,
  fields: EstablishmentFields,
): Promise<Establishment> {
  authorize(actor, 'user:admin');
  const row = await repo.insertEstablishment(ctx.db, {
    ...fieldsToRow(fields),
    publicId: await uniquePublicId(ctx.db, fields.name),
  });
  return toEstablishmentDto((await repo.findEstablishment(ctx.db, row.id))!);
}

/**
 * A representative (or an admin) signs up a client together with their establishment. The client
 * gets the registration email with a generated password; the establishment records who signed it up.
 */
export async function signupClient(
  ctx: AppContext,
  actor: AuthedActor,
  body: ClientSignupBody,
): Promise<{ establishment: Establishment; clientId: string }> {
  authorize(actor, 'user:representant');
  if (await accounts.findUserByEmail(ctx.db, body.client.email)) throw emailTaken('client.email');
  const publicId = await uniquePublicId(ctx.db, body.establishment.name);
  let created: { establishmentId: string; clientId: string };
  try {
    created = await withOutbox(ctx, async ({ db: tx, enqueue }) => {
      const client = await accounts.insertUser(tx, {
        email: body.client.email,
        passwordHash: UNUSABLE_PASSWORD,
        firstName: body.client.firstName,
        lastName: body.client.lastName,
        phone: body.client.phone,
        role: 'client',
        welcomeDueAt: new Date(),
      });
      const establishment = await repo.insertEstablishment(tx, {
        ...fieldsToRow(body.establishment),
        publicId,
        registeredById: actor.id,
      });
      await repo.upsertMembership(tx, client.id, establishment.id, 'client');
      await enqueue(welcomeJob, { userId: client.id, establishmentId: establishment.id, kind: 'client' });
      return { establishmentId: establishment.id, clientId: client.id };
    });
  } catch (error) {
    if (accounts.isUniqueViolation(error)) throw emailTaken('client.email');
    throw error;
  }
  const row = await repo.findEstablishment(ctx.db, created.establishmentId);
  return { establishment: toEstablishmentDto(row!), clientId: created.clientId };
}

/** Update the profile (admin or an operator). */
export async function update(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  fields: EstablishmentFields,
): Promise<Establishment> {
  const row = await load(ctx, id);
  assertCanEdit(actor, row);
  await repo.updateEstablishment(ctx.db, row.id, fieldsToRow(fields));
  return toEstablishmentDto((await repo.findEstablishment(ctx.db, row.id))!);
}

/** Block or unblock (admin): a blocked establishment's page is unavailable and it cannot send. */
export async function setBlocked(ctx: AppContext, actor: AuthedActor, id: string, blocked: boolean) {
  authorize(actor, 'user:admin');
  const row = await load(ctx, id);
  await repo.updateEstablishment(ctx.db, row.id, {
    blockedAt: blocked ? (row.blockedAt ?? new Date()) : null,
  });
  return toEstablishmentDto((await repo.findEstablishment(ctx.db, row.id))!);
}

/**
 * Delete (admin). It cannot be undone from the app: the page, feed and memberships disappear, and
 * its clients who operate nothing else become customers, in the same transaction.
 */
export async function remove(ctx: AppContext, actor: AuthedActor, id: string): Promise<void> {
  authorize(actor, 'user:admin');
  const row = await load(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateEstablishment(tx, row.id, { deletedAt: new Date() });
    await repo.demoteClientsOperatingNothing(tx, await repo.listOperatorIds(tx, row.id));
  });
}

/**
 * Clients and followers of an establishment, for those who manage it. Members whose email is not
 * confirmed are listed (marked) but not counted.
 */
export async function members(ctx: AppContext, actor: AuthedActor, id: string) {
  const row = await load(ctx, id);
  authorize(actor, 'establishment:manage', resourceOf(row));
  const items = await repo.listMembers(ctx.db, row.id);
  return {
    items: items.map((m): Member => ({ ...m, since: m.since.toISOString() })),
    followerCount: Number(row.followerCount),
    clientCount: Number(row.clientCount),
  };
}

/** An admin adds an existing user as a client (operator) or a user (follower). */
export async function addMember(ctx: AppContext, actor: AuthedActor, id: string, body: AddMemberBody) {
  authorize(actor, 'user:admin');
  const row = await load(ctx, id);
  const user = await accounts.findUserByEmail(ctx.db, body.email);
  if (!user)
    throw new AppError(404, ErrorCode.USER_NOT_FOUND, Msg.noUserWithEmail, { email: Msg.noUserWithEmail });
  await ctx.db.transaction(async (tx) => {
    await repo.upsertMembership(tx, user.id, row.id, body.kind);
    // Operating an establishment makes a customer a client; staff roles stay as they are.
    if (body.kind === 'client' && becomesClientByOperating(user.role))
      await accounts.updateUser(tx, user.id, { role: 'client' });
    // An operator made a follower may now operate nothing: then they are a customer again.
    if (body.kind === 'customer') await repo.demoteClientsOperatingNothing(tx, [user.id]);
  });
  return members(ctx, actor, row.id);
}

/**
 * An admin removes a user's link to an establishment. A client who then operates nothing goes
 * back to customer in the same transaction (their next request acts with customer rights).
 */
export async function removeMember(ctx: AppContext, actor: AuthedActor, id: string, userId: string) {
  authorize(actor, 'user:admin');
  const row = await load(ctx, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteMembership(tx, userId, row.id))) throw notFound();
    await repo.demoteClientsOperatingNothing(tx, [userId]);
  });
  return members(ctx, actor, row.id);
}

/** Replace the logo (square) or the cover (wide) with a re-encoded JPEG. */
export async function setPicture(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  which: 'logo' | 'cover',
  upload: ImageSource,
): Promise<Establishment> {
  const row = await load(ctx, id);
  assertCanEdit(actor, row);
  const size =
    which === 'logo'
      ? { width: 512, height: 512, fit: 'cover' as const }
      : { width: 1600, height: 600, fit: 'cover' as const };
  const name = await saveJpeg(ctx.config.dataDir, which, await toJpeg(upload, size));
  await repo.updateEstablishment(ctx.db, row.id, { [which]: name });
  await removeJpeg(ctx.config.dataDir, which, row[which]);
  return toEstablishmentDto((await repo.findEstablishment(ctx.db, row.id))!);
}

/** The gallery, for anyone who may see the establishment's page. */
export async function gallery(ctx: AppContext, id: string): Promise<GalleryImage[]> {
  const row = await load(ctx, id);
  if (row.blockedAt) throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  return (await repo.listGallery(ctx.db, row.id)).map(toGalleryDto);
}

const galleryFull = () => new AppError(409, ErrorCode.VALIDATION, Msg.galleryFull, { file: Msg.galleryFull });

/**
 * Add a picture to the gallery (at most GALLERY_LIMIT). The limit holds under concurrent uploads:
 * the count and the insert run in one transaction holding the establishment's row lock.
 */
export async function addGalleryImage(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  upload: ImageSource,
  caption: string,
): Promise<GalleryImage> {
  const row = await load(ctx, id);
  assertCanEdit(actor, row);
  // Early answer for a full gallery without decoding the upload; the locked count below decides.
  if ((await repo.countGallery(ctx.db, row.id)) >= GALLERY_LIMIT) throw galleryFull();
  const jpeg = await toJpeg(upload, { width: 1600, height: 1600, fit: 'inside' });
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  // Written before the lock so the lock is held for two short queries, not for image I/O.
  const image = await saveJpeg(ctx.config.dataDir, 'gallery', jpeg);
  try {
    const inserted = await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockEstablishment(tx, row.id))) throw gone();
      if ((await repo.countGallery(tx, row.id)) >= GALLERY_LIMIT) throw galleryFull();
      return repo.insertGalleryImage(tx, { establishmentId: row.id, image, caption, width, height });
    });
    return toGalleryDto(inserted);
  } catch (error) {
    // Refused (or failed): its file would be an orphan no row points to.
    await removeJpeg(ctx.config.dataDir, 'gallery', image).catch((cause) =>
      ctx.log.warn({ err: cause, image }, 'could not remove a refused gallery picture'),
    );
    throw error;
  }
}

export async function captionGalleryImage(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  imageId: string,
  caption: string,
): Promise<GalleryImage> {
  const row = await load(ctx, id);
  assertCanEdit(actor, row);
  const updated = await repo.updateGalleryCaption(ctx.db, row.id, imageId, caption);
  if (!updated) throw notFound();
  return toGalleryDto(updated);
}

export async function deleteGalleryImage(ctx: AppContext, actor: AuthedActor, id: string, imageId: string) {
  const row = await load(ctx, id);
  assertCanEdit(actor, row);
  const deleted = await repo.deleteGalleryImage(ctx.db, row.id, imageId);
  if (!deleted) throw notFound();
  await removeJpeg(ctx.config.dataDir, 'gallery', deleted.image);
}

/** The public page's data. Unknown and deleted: 404; blocked: 403 with its own code. */
export async function publicProfile(
  ctx: AppContext,
  actor: AuthedActor | null,
  idOrPublicId: string,
): Promise<PublicEstablishment> {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  const state = row ? stateOf(row) : 'deleted';
  if (!row || state === 'deleted') throw gone();
  if (state === 'blocked') throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  const membership = actor?.establishments.find((m) => m.establishmentId === row.id);
  return toPublicEstablishmentDto(
    row,
    (await repo.listGallery(ctx.db, row.id)).map(toGalleryDto),
    actor ? { following: membership !== undefined, operating: membership?.kind === 'client' } : null,
  );
}

/** Follow an active establishment; an operator stays an operator. */
export async function follow(ctx: AppContext, actor: AuthedActor, idOrPublicId: string) {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  if (!row || row.deletedAt) throw gone();
  if (row.blockedAt) throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  if (!row.active) throw new AppError(409, ErrorCode.ESTABLISHMENT_INACTIVE, Msg.establishmentInactive);
  await repo.insertFollower(ctx.db, actor.id, row.id);
  return { establishmentId: row.id, following: true, message: Msg.followed };
}

/** Stop following; operators leave through an admin. */
export async function unfollow(ctx: AppContext, actor: AuthedActor, idOrPublicId: string) {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  if (!row) throw gone();
  const existing = await repo.findMembership(ctx.db, actor.id, row.id);
  if (existing?.kind === 'customer') await repo.deleteMembership(ctx.db, actor.id, row.id);
  return { establishmentId: row.id, following: false, message: Msg.unfollowed };
}

/** The public page's address, which the QR code and share links carry. */
export async function publicUrlOf(
  ctx: AppContext,
  idOrPublicId: string,
): Promise<{ url: string; name: string }> {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  if (!row || row.deletedAt) throw gone();
  return { url: `${ctx.config.publicUrl}/${row.publicId}`, name: row.name };
}
