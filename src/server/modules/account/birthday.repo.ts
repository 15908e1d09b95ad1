import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function birthdayOf(db: Db, userId: string) {
  const [row] = await db
    .select({ month: users.birthMonth, day: users.birthDay, consentAt: users.birthdayConsentAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.month && row.day && row.consentAt
    ? { month: row.month, day: row.day, consentAt: row.consentAt }
    : null;
}

/** Save it with the consent's moment (kept when only the date changes); null deletes both. */
export async function saveBirthday(db: Db, userId: string, birthday: { month: number; day: number } | null) {
  await db
    .update(users)
    .set(
      birthday
        ? {
            birthMonth: birthday.month,
            birthDay: birthday.day,
            birthdayConsentAt: sql`coalesce(${users.birthdayConsentAt}, now())`,
          }
        : { birthMonth: null, birthDay: null, birthdayConsentAt: null },
    )
    .where(eq(users.id, userId));
}
