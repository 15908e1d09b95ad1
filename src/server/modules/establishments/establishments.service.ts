import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { establishmentScope } from '../../../shared/permissions';
import type {
  ClientSignupBody,
  Establishment,
  EstablishmentFields,
  EstablishmentList,
  EstablishmentView,
} from '../../../shared/schemas/establishment.schema';
import { EstablishmentFieldsSchema } from '../../../shared/schemas/establishment.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext, AuthedActor } from '../../context';
import type { Db } from '../../db/client';
import { establishmentUpdatedEvent } from '../../events/event-builders';
import { userCreatedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { UNUSABLE_PASSWORD } from '../account/account.service';
import { registeredAccountLanguage } from '../account/welcome-language';
import { userLabel } from '../management/managed-user.dto';
import { toEstablishmentDto } from './establishment.dto';
import { authorizeEdit, loadEstablishment, reloadDto, resourceOf, viewFor } from './establishment-access';
import * as repo from './establishments.repo';
import * as membersRepo from './members.repo';
import { newPublicId } from './public-id';

const emailTaken = (field: string) =>
  new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { [field]: Msg.emailExists });
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
    commentsEnabled: f.commentsEnabled,
    welcomeText: f.welcomeText,
    // Only the languages with text: an empty translation means "send the default text".
    welcomeTranslations: Object.fromEntries(
      Object.entries(f.welcomeTranslations).filter(([, text]) => Boolean(text)),
    ),
  };
};

/** The establishments the actor may see: all (admin), registered (representative), operated or followed. */
export async function list(
  ctx: AppContext,
  actor: AuthedActor,
  query: repo.ListFilter,
): Promise<EstablishmentList> {
  const { items, total } = await repo.listEstablishments(ctx.db, establishmentScope(actor), query);
  return {
    items: items.map((row) => viewFor(ctx, actor, row)),
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
  const row = await loadEstablishment(ctx, id);
  authorize(actor, 'establishment:read', resourceOf(row));
  return viewFor(ctx, actor, row);
}

/** The profile's fields whose value this write changes (names only: the audit log keeps no values). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const same = (a: unknown, b: unknown) =>
    JSON.stringify(sorted(a ?? null)) === JSON.stringify(sorted(b ?? null));
  return Object.keys(after).filter((field) => !same(before[field], after[field]));
}
const sorted = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
    : value;

/** An admin creates an establishment (recorded: it is made for a business, not by it). */
export async function create(
  ctx: AppContext,
  actor: AuthedActor,
  fields: EstablishmentFields,
): Promise<Establishment> {
  authorize(actor, 'user:admin');
  const publicId = await uniquePublicId(ctx.db, fields.name);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertEstablishment(tx, { ...fieldsToRow(fields), publicId });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'establishment.create',
      targetEstablishmentId: inserted.id,
      targetLabel: inserted.name,
    });
    return inserted;
  });
  return reloadDto(ctx, row.id);
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
  const language = await registeredAccountLanguage(ctx.db, actor, body.client.language);
  let created: { establishmentId: string; clientId: string };
  try {
    created = await withOutbox(ctx, async ({ db: tx, emit }) => {
      const client = await accounts.insertUser(tx, {
        email: body.client.email,
        passwordHash: UNUSABLE_PASSWORD,
        firstName: body.client.firstName,
        lastName: body.client.lastName,
        phone: body.client.phone,
        role: 'client',
        language,
        welcomeDueAt: new Date(),
      });
      const establishment = await repo.insertEstablishment(tx, {
        ...fieldsToRow(body.establishment),
        publicId,
        registeredById: actor.id,
      });
      await membersRepo.upsertMembership(tx, client.id, establishment.id, 'client');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'establishment.clientSignup',
        targetEstablishmentId: establishment.id,
        targetLabel: establishment.name,
        detail: { client: userLabel(client) },
      });
      await emit(
        userCreatedEvent(client.id, actor.id, { establishmentId: establishment.id, kind: 'client' }),
      );
      return { establishmentId: establishment.id, clientId: client.id };
    });
  } catch (error) {
    if (accounts.isUniqueViolation(error)) throw emailTaken('client.email');
    throw error;
  }
  const row = await repo.findEstablishment(ctx.db, created.establishmentId);
  return { establishment: toEstablishmentDto(row!, ctx.config.fatigue), clientId: created.clientId };
}

/**
 * Update the profile (admin or an operator). An admin's change is recorded with the names of the
 * fields it changed; an operator's change of their own establishment is not (actsOnBehalfOf).
 */
export async function update(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  fields: EstablishmentFields,
): Promise<Establishment> {
  const row = await loadEstablishment(ctx, id);
  authorizeEdit(actor, row);
  const values = fieldsToRow(fields);
  await withOutbox(ctx, async ({ db, emit }) => {
    await repo.updateEstablishment(db, row.id, values);
    const changed = changedFields(row, values);
    await auditOnBehalf(db, actor, row, {
      action: 'establishment.update',
      targetLabel: values.name,
      detail: { changed },
    });
    await emit(establishmentUpdatedEvent(row.id, actor.id, changed));
  });
  return reloadDto(ctx, row.id);
}

/** Block or unblock (admin): a blocked establishment's page is unavailable and it cannot send. */
export async function setBlocked(ctx: AppContext, actor: AuthedActor, id: string, blocked: boolean) {
  authorize(actor, 'establishment:block');
  const row = await loadEstablishment(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateEstablishment(tx, row.id, { blockedAt: blocked ? (row.blockedAt ?? new Date()) : null });
    await recordAudit(tx, {
      actorId: actor.id,
      action: blocked ? 'establishment.block' : 'establishment.unblock',
      targetEstablishmentId: row.id,
      targetLabel: row.name,
    });
  });
  return reloadDto(ctx, row.id);
}

/**
 * Delete (admin). It cannot be undone from the app: the page, feed and memberships disappear, and
 * its clients who operate nothing else become customers, in the same transaction.
 */
export async function remove(ctx: AppContext, actor: AuthedActor, id: string): Promise<void> {
  authorize(actor, 'establishment:delete');
  const row = await loadEstablishment(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateEstablishment(tx, row.id, { deletedAt: new Date() });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'establishment.delete',
      targetEstablishmentId: row.id,
      targetLabel: row.name,
    });
    await membersRepo.demoteClientsOperatingNothing(tx, await membersRepo.listOperatorIds(tx, row.id));
  });
}
