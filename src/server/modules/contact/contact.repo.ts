import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ContactRequestRow, contactRequests } from '../../db/schema';

/** Store a contact request. */
export async function insertContactRequest(
  db: Db,
  values: Pick<ContactRequestRow, 'name' | 'business' | 'email' | 'phone' | 'message' | 'language'>,
): Promise<ContactRequestRow> {
  const [row] = await db.insert(contactRequests).values(values).returning();
  return row!;
}

/** One contact request, for its email job. */
export async function findContactRequest(db: Db, id: string): Promise<ContactRequestRow | undefined> {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id));
  return row;
}

/**
 * A page of contact requests, newest first, after `after` (the previous page's last key: its
 * created_at in UTC to the microsecond, as a JavaScript Date would lose them, and its id, which
 * breaks ties).
 */
export async function listContactRequests(
  db: Db,
  limit: number,
  after: [createdAt: string, id: string] | null,
): Promise<{ items: ContactRequestRow[]; lastKey: [string, string] | null; more: boolean }> {
  const rows = await db
    .select({
      request: contactRequests,
      createdAtText: sql<string>`to_char(${contactRequests.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(contactRequests)
    .where(
      after
        ? sql`(${contactRequests.createdAt}, ${contactRequests.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
        : undefined,
    )
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => row.request),
    lastKey: last ? [last.createdAtText, last.request.id] : null,
    more: rows.length > limit,
  };
}
