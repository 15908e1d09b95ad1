import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { CreateUserBody, ManagedUser } from '../../../shared/schemas/user-management.schema';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { welcomeJob } from '../../jobs/account-mail.job';
import { withOutbox } from '../../jobs/outbox';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account/account.repo';
import { UNUSABLE_PASSWORD } from '../account/account.service';
import * as repo from './users.repo';

const toManagedUser = (row: UserRow): ManagedUser => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  role: row.role,
  emailVerified: row.emailVerified,
  createdAt: row.createdAt.toISOString(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
});

/** An admin creates a user of any role; the welcome job emails a generated password and a verification link. */
export async function createUser(
  ctx: AppContext,
  actor: AuthedActor,
  body: CreateUserBody,
): Promise<ManagedUser> {
  authorize(actor, 'user:admin');
  const taken = () => new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { email: Msg.emailExists });
  if (await accounts.findUserByEmail(ctx.db, body.email)) throw taken();
  let row: UserRow;
  try {
    row = await withOutbox(ctx, async ({ db, enqueue }) => {
      const user = await accounts.insertUser(db, {
        ...body,
        passwordHash: UNUSABLE_PASSWORD,
        welcomeDueAt: new Date(),
      });
      await enqueue(welcomeJob, { userId: user.id });
      return user;
    });
  } catch (error) {
    if (accounts.isUniqueViolation(error)) throw taken();
    throw error;
  }
  return toManagedUser(row);
}

/** Users, for admins. */
export async function listUsers(
  ctx: AppContext,
  actor: AuthedActor,
  query: Parameters<typeof repo.listUsers>[1],
) {
  authorize(actor, 'user:admin');
  const { items, total } = await repo.listUsers(ctx.db, query);
  return { items: items.map(toManagedUser), total, page: query.page, pageSize: query.pageSize };
}

/** One user, for admins. */
export async function getUser(ctx: AppContext, actor: AuthedActor, id: string): Promise<ManagedUser> {
  authorize(actor, 'user:admin');
  const row = await accounts.findUserById(ctx.db, id);
  if (!row) throw notFound();
  return toManagedUser(row);
}
