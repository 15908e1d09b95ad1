import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import {
  DEFAULT_OPERATOR_NOTICE_CADENCE,
  type OperatorNoticeCadence,
  type OperatorNoticeKind,
} from '../../../shared/schemas/operator-notice.schema';
import type { Db } from '../../db/client';
import {
  establishments,
  memberships,
  operatorNoticeSends,
  operatorNoticeSettings,
  operatorNotices,
  users,
} from '../../db/schema';

/** An operator's cadence (the default without a row). */
export async function cadenceOf(db: Db, userId: string): Promise<OperatorNoticeCadence> {
  const [row] = await db
    .select({ cadence: operatorNoticeSettings.cadence })
    .from(operatorNoticeSettings)
    .where(eq(operatorNoticeSettings.userId, userId));
  return row?.cadence ?? DEFAULT_OPERATOR_NOTICE_CADENCE;
}

export async function setCadence(db: Db, userId: string, cadence: OperatorNoticeCadence) {
  await db
    .insert(operatorNoticeSettings)
    .values({ userId, cadence })
    .onConflictDoUpdate({ target: operatorNoticeSettings.userId, set: { cadence } });
}

export interface NewOperatorNotice {
  kind: OperatorNoticeKind;
  establishmentId: string;
  subjectId: string;
  actorId: string | null;
  context: string;
  text: string;
  path: string;
  createdAt: Date;
}

export async function insertNotice(db: Db, notice: NewOperatorNotice): Promise<string> {
  const [row] = await db.insert(operatorNotices).values(notice).returning({ id: operatorNotices.id });
  return row!.id;
}

const noticeColumns = {
  id: operatorNotices.id,
  kind: operatorNotices.kind,
  actorId: operatorNotices.actorId,
  context: operatorNotices.context,
  text: operatorNotices.text,
  path: operatorNotices.path,
};
export type StoredNotice = {
  id: string;
  kind: OperatorNoticeKind;
  actorId: string | null;
  context: string;
  text: string;
  path: string;
};

/** One notice (an "immediately" email), or the business's notices of a window, oldest first. */
export async function noticesOf(
  db: Db,
  establishmentId: string,
  which: { id: string } | { from: Date; to: Date },
): Promise<StoredNotice[]> {
  return db
    .select(noticeColumns)
    .from(operatorNotices)
    .where(
      and(
        eq(operatorNotices.establishmentId, establishmentId),
        'id' in which
          ? eq(operatorNotices.id, which.id)
          : and(gte(operatorNotices.createdAt, which.from), lt(operatorNotices.createdAt, which.to)),
      ),
    )
    .orderBy(operatorNotices.createdAt, operatorNotices.id);
}

/**
 * The business (not deleted) and its operators who chose this cadence and can get email (a
 * confirmed address that has not bounced). Whether they have push is the job's question.
 */
export async function emailRecipients(db: Db, establishmentId: string, cadence: OperatorNoticeCadence) {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      cadence: operatorNoticeSettings.cadence,
      establishmentName: establishments.name,
    })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(operatorNoticeSettings, eq(operatorNoticeSettings.userId, users.id))
    .where(
      and(
        eq(memberships.establishmentId, establishmentId),
        eq(memberships.kind, 'client'),
        isNull(establishments.deletedAt),
        eq(users.emailVerified, true),
        eq(users.guest, false),
        isNull(users.emailBouncedAt),
      ),
    );
  return rows.filter((row) => (row.cadence ?? DEFAULT_OPERATOR_NOTICE_CADENCE) === cadence);
}

/** Take the sent marker of one email; false when it was taken already (sent by an earlier run). */
export async function markSent(
  db: Db,
  mark: { userId: string; establishmentId: string; key: string; sentAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(operatorNoticeSends)
    .values(mark)
    .onConflictDoNothing()
    .returning({ userId: operatorNoticeSends.userId });
  return rows.length > 0;
}

/** How long notices and sent markers are kept: past the daily digest's window and its retries. */
export const OPERATOR_NOTICE_KEEP_MS = 3 * 24 * 3600 * 1000;

/** Forget notices and sent markers no digest can use any more; answers how many rows went. */
export async function purgeOldNotices(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - OPERATOR_NOTICE_KEEP_MS);
  const notices = await db
    .delete(operatorNotices)
    .where(lt(operatorNotices.createdAt, before))
    .returning({ id: operatorNotices.id });
  const sends = await db
    .delete(operatorNoticeSends)
    .where(lt(operatorNoticeSends.sentAt, before))
    .returning({ userId: operatorNoticeSends.userId });
  return notices.length + sends.length;
}
