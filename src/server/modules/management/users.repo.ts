import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

type Role = (typeof users.$inferSelect)['role'];

/** A page of users, newest first, optionally by role and a search over name and email. */
export async function listUsers(db: Db, filter: { q?: string; role?: Role; page: number; pageSize: number }) {
  const search = filter.q ? `%${filter.q.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = and(
    filter.role ? eq(users.role, filter.role) : undefined,
    search
      ? or(ilike(users.email, search), ilike(users.firstName, search), ilike(users.lastName, search))
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}
