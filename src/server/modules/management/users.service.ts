import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type {
  CreateUserBody,
  ManagedUser,
  ManagedUserDetail,
  UserList,
  UserListQuery,
  UserSort,
} from '../../../shared/schemas/user-management.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { userCreatedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { UNUSABLE_PASSWORD } from '../account/account.service';
import { registeredAccountLanguage } from '../account/welcome-language';
import { toManagedUser, toManagedUserDetail, userLabel } from './managed-user.dto';
import * as detail from './user-detail.repo';
import * as repo from './users.repo';

/** How many of the user's last deliveries their page shows. */
const DELIVERIES_SHOWN = 20;

/** An admin creates a user of any role; the welcome job emails a generated password and a verification link. */
export async function createUser(
  ctx: AppContext,
  actor: AuthedActor,
  body: CreateUserBody,
): Promise<ManagedUser> {
  authorize(actor, 'user:admin');
  const taken = () => new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { email: Msg.emailExists });
  if (await accounts.findUserByEmail(ctx.db, body.email)) throw taken();
  const language = await registeredAccountLanguage(ctx.db, actor, body.language);
  let row: UserRow;
  try {
    row = await withOutbox(ctx, async ({ db, emit }) => {
      const user = await accounts.insertUser(db, {
        ...body,
        language,
        passwordHash: UNUSABLE_PASSWORD,
        welcomeDueAt: new Date(),
      });
      await emit(userCreatedEvent(user.id, actor.id));
      await recordAudit(db, {
        actorId: actor.id,
        action: 'user.create',
        targetUserId: user.id,
        targetLabel: userLabel(user),
        detail: { role: user.role },
      });
      return user;
    });
  } catch (error) {
    if (accounts.isUniqueViolation(error)) throw taken();
    throw error;
  }
  return toManagedUser(row);
}

/** The opaque cursor of a list page: its order and the last row's key, base64url JSON. */
const encodeCursor = (sort: UserSort, key: string[]) =>
  Buffer.from(JSON.stringify([sort, ...key])).toString('base64url');

function decodeCursor(sort: UserSort, cursor: string | undefined): string[] | null {
  if (!cursor) return null;
  const invalid = () =>
    new AppError(400, ErrorCode.VALIDATION, Msg.invalidCursor, { cursor: Msg.invalidCursor });
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  // A cursor of another order (or forged) cannot continue this list.
  if (
    !Array.isArray(parts) ||
    parts[0] !== sort ||
    parts.length !== repo.keyLength(sort) + 1 ||
    !parts.every((part) => typeof part === 'string' && part.length <= 200)
  )
    throw invalid();
  return parts.slice(1) as string[];
}

/** People, for admins: searched, filtered, ordered and paged by cursor. */
export async function listUsers(
  ctx: AppContext,
  actor: AuthedActor,
  query: UserListQuery,
): Promise<UserList> {
  authorize(actor, 'user:admin');
  const { items, lastKey, total, more } = await repo.listUsers(
    ctx.db,
    query,
    decodeCursor(query.sort, query.cursor),
  );
  return {
    items: items.map(toManagedUser),
    total,
    nextCursor: more && lastKey ? encodeCursor(query.sort, lastKey) : null,
  };
}

/** The user, or 404. */
export async function loadUser(ctx: AppContext, id: string): Promise<UserRow> {
  const row = await accounts.findUserById(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** The admin's page of a user: profile, establishments, devices, preferences and last deliveries. */
export async function userDetail(ctx: AppContext, row: UserRow): Promise<ManagedUserDetail> {
  const [establishments, devices, preferences, deliveries] = await Promise.all([
    detail.listUserEstablishments(ctx.db, row.id),
    detail.listUserDevices(ctx.db, row.id),
    detail.listUserPreferences(ctx.db, row.id),
    detail.listUserDeliveries(ctx.db, row.id, DELIVERIES_SHOWN),
  ]);
  return toManagedUserDetail(row, { establishments, devices, preferences, deliveries });
}

/** One user, for admins. */
export async function getUser(ctx: AppContext, actor: AuthedActor, id: string): Promise<ManagedUserDetail> {
  authorize(actor, 'user:admin');
  return userDetail(ctx, await loadUser(ctx, id));
}
