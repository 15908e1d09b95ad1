import type { Role } from '../../../shared/permissions';
import type {
  EstablishmentExportRow,
  ExportFormat,
  FollowerExportQuery,
  FollowerExportRow,
  UserExportQuery,
  UserExportRow,
} from '../../../shared/schemas/export.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { authorize } from '../../lib/authorize';
import { loadEstablishment, resourceOf } from '../establishments/establishment-access';
import * as users from '../management';
import { ESTABLISHMENT_COLUMNS, FOLLOWER_COLUMNS, USER_COLUMNS } from './export-columns';
import { EXPORT_PAGE_SIZE, type ExportFile, listFile } from './export-file';
import { keysetRows } from './export-streams';
import * as repo from './exports.repo';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One admin action in the audit log: who exported what, in which format, with which filters. */
const audit = (
  ctx: AppContext,
  actor: AuthedActor,
  entry: { targetLabel: string; targetEstablishmentId?: string; detail: Record<string, unknown> },
) =>
  recordAudit(ctx.db, {
    actorId: actor.id,
    action: 'data.export',
    targetLabel: entry.targetLabel,
    targetEstablishmentId: entry.targetEstablishmentId ?? null,
    detail: entry.detail,
  });

const toUserRow = (row: UserRow, establishments: number): UserExportRow => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  role: row.role,
  emailVerified: row.emailVerified,
  discountedPrices: row.discountedPrices,
  createdAt: row.createdAt.toISOString(),
  lastLoginAt: iso(row.lastLoginAt),
  establishments,
});

/**
 * Every user matching the people list's filters, in its order. The pages are the list's own keyset
 * pages (users.repo.ts), so the export and the screen can never disagree about who matches.
 */
async function* userRows(ctx: AppContext, query: UserExportQuery): AsyncGenerator<UserExportRow> {
  const { format: _format, ...filters } = query;
  let after: string[] | null = null;
  for (;;) {
    const page = await users.listUsers(ctx.db, { ...filters, limit: EXPORT_PAGE_SIZE }, after);
    const counts = await repo.membershipCounts(
      ctx.db,
      page.items.map((user) => user.id),
    );
    for (const user of page.items) yield toUserRow(user, counts.get(user.id) ?? 0);
    if (!page.more || !page.lastKey) return;
    after = page.lastKey;
  }
}

/** The people export's file, by the list it was taken from (the customers' page, the clients'). */
const USER_FILES: Record<Role | 'all', string> = {
  customer: 'customers',
  client: 'clients',
  representant: 'representatives',
  admin: 'admins',
  all: 'users',
};

/** Users as CSV or JSON, filtered and ordered as the people list (admins). */
export async function exportUsers(
  ctx: AppContext,
  actor: AuthedActor,
  query: UserExportQuery,
): Promise<ExportFile> {
  authorize(actor, 'data:export');
  const { format, ...filters } = query;
  await audit(ctx, actor, { targetLabel: 'Users', detail: { kind: 'users', format, filters } });
  return listFile(USER_FILES[filters.role ?? 'all'], format, USER_COLUMNS, userRows(ctx, query));
}

async function* establishmentRows(ctx: AppContext): AsyncGenerator<EstablishmentExportRow> {
  let last: string | null = null;
  for (;;) {
    const page = await repo.establishmentPage(ctx.db, last, EXPORT_PAGE_SIZE);
    for (const { blockedAt, createdAt, followers, waitingForConfirmation, ...row } of page)
      yield {
        ...row,
        blocked: blockedAt !== null,
        followers: Number(followers),
        waitingForConfirmation: Number(waitingForConfirmation),
        createdAt: createdAt.toISOString(),
      };
    if (page.length < EXPORT_PAGE_SIZE) return;
    last = page.at(-1)!.id;
  }
}

/**
 * Every establishment (not deleted): the public fields, active and blocked, its followers and those
 * waiting for email confirmation, counted as its page counts them (admins).
 */
export async function exportEstablishments(
  ctx: AppContext,
  actor: AuthedActor,
  format: ExportFormat,
): Promise<ExportFile> {
  authorize(actor, 'data:export');
  await audit(ctx, actor, { targetLabel: 'Establishments', detail: { kind: 'establishments', format } });
  return listFile('establishments', format, ESTABLISHMENT_COLUMNS, establishmentRows(ctx));
}

async function* followerRows(ctx: AppContext, establishmentId: string): AsyncGenerator<FollowerExportRow> {
  const rows = keysetRows(EXPORT_PAGE_SIZE, async (last: { userId: string } | null) => {
    const page = await repo.followerPage(ctx.db, establishmentId, last?.userId ?? null, EXPORT_PAGE_SIZE);
    const picked = await repo.preferencesOf(
      ctx.db,
      page.map((row) => row.userId),
    );
    const names = new Map<string, string[]>();
    for (const p of picked) names.set(p.userId, [...(names.get(p.userId) ?? []), p.name]);
    return page.map((row) => ({ ...row, preferences: names.get(row.userId) ?? [] }));
  });
  for await (const { userId: _userId, followedSince, ...row } of rows)
    yield { ...row, followedSince: followedSince.toISOString() };
}

/**
 * An establishment's followers, for who may manage it (admins, its operating clients, the
 * representative who registered it). Every export of people's data is recorded in the audit log.
 */
export async function exportFollowers(
  ctx: AppContext,
  actor: AuthedActor,
  query: FollowerExportQuery,
): Promise<ExportFile> {
  const establishment = await loadEstablishment(ctx, query.establishmentId);
  authorize(actor, 'followers:export', resourceOf(establishment));
  await audit(ctx, actor, {
    targetLabel: establishment.name,
    targetEstablishmentId: establishment.id,
    // Made with an API key: the log names the key beside its creator.
    detail: {
      kind: 'followers',
      format: query.format,
      ...(actor.apiKey ? { apiKey: actor.apiKey.name } : {}),
    },
  });
  return listFile(
    `followers-${establishment.name}`,
    query.format,
    FOLLOWER_COLUMNS,
    followerRows(ctx, establishment.id),
  );
}
