import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DraftContent, DraftKind } from '../../../shared/schemas/draft.schema';
import type { Db } from '../../db/client';
import { postDrafts, postMedia, users } from '../../db/schema';

/** Drafts and templates of the compose form. */

/** The picture a draft names (an id in its JSON). */
const sqlMediaId = () => sql<string>`nullif(${postDrafts.content}->>'mediaId', '')::uuid`;

const draftColumns = {
  id: postDrafts.id,
  establishmentId: postDrafts.establishmentId,
  kind: postDrafts.kind,
  name: postDrafts.name,
  content: postDrafts.content,
  mediaExists: postMedia.id,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  updatedAt: postDrafts.updatedAt,
};

function draftQuery(db: Db) {
  return (
    db
      .select(draftColumns)
      .from(postDrafts)
      .leftJoin(users, eq(users.id, postDrafts.authorId))
      // The picture it names, while it exists.
      .leftJoin(postMedia, eq(postMedia.id, sqlMediaId()))
  );
}

export type DraftRow = NonNullable<Awaited<ReturnType<typeof findDraft>>>;

export async function listDrafts(db: Db, establishmentId: string, kind: DraftKind, limit: number) {
  return draftQuery(db)
    .where(and(eq(postDrafts.establishmentId, establishmentId), eq(postDrafts.kind, kind)))
    .orderBy(desc(postDrafts.updatedAt), desc(postDrafts.id))
    .limit(limit);
}

export async function findDraft(db: Db, id: string) {
  const [row] = await draftQuery(db).where(eq(postDrafts.id, id));
  return row;
}

export async function countDrafts(db: Db, establishmentId: string, kind: DraftKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(postDrafts)
    .where(and(eq(postDrafts.establishmentId, establishmentId), eq(postDrafts.kind, kind)));
  return row?.n ?? 0;
}

export async function insertDraft(
  db: Db,
  values: { establishmentId: string; authorId: string; kind: DraftKind; name: string; content: DraftContent },
): Promise<string> {
  const [row] = await db.insert(postDrafts).values(values).returning({ id: postDrafts.id });
  return row!.id;
}

export async function updateDraft(db: Db, id: string, changes: { name?: string; content?: DraftContent }) {
  await db
    .update(postDrafts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(postDrafts.id, id));
}

export async function deleteDraft(db: Db, id: string) {
  await db.delete(postDrafts).where(eq(postDrafts.id, id));
}
