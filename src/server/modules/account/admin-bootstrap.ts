import type { Db } from '../../db/client';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { adminExists, findUserByEmail, insertUser } from './users.repo';

/** Create an admin (or a representative) with the given or a generated password; answers the password when generated. */
export async function createAdmin(
  db: Db,
  input: {
    email: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    role?: 'admin' | 'representant';
  },
): Promise<{ email: string; generatedPassword?: string }> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw new Error(`A user with the email ${email} already exists.`);
  const generatedPassword = input.password ? undefined : generatePassword(16);
  await insertUser(db, {
    email,
    passwordHash: await hashPassword(input.password ?? generatedPassword!),
    firstName: input.firstName ?? 'Admin',
    lastName: input.lastName ?? '',
    role: input.role ?? 'admin',
    emailVerified: true,
  });
  return { email, generatedPassword };
}

/**
 * At first start, when no admin exists: create one from ADMIN_EMAIL and ADMIN_PASSWORD when both
 * are set, otherwise admin@localhost with a generated password printed once.
 */
export async function ensureFirstAdmin(
  db: Db,
  admin: { email?: string; password?: string },
  print: (line: string) => void,
): Promise<void> {
  if (await adminExists(db)) return;
  const fromEnv = admin.email && admin.password;
  const email = fromEnv ? admin.email! : 'admin@localhost';
  if (!fromEnv && (await findUserByEmail(db, email))) return;
  const created = await createAdmin(db, { email, password: fromEnv ? admin.password : undefined });
  if (created.generatedPassword) {
    print(
      `\n  First admin created: ${created.email}\n  Password: ${created.generatedPassword}\n` +
        '  (shown once; change it under Account > Security)\n',
    );
  } else {
    print(`First admin created: ${created.email} (password from ADMIN_PASSWORD)`);
  }
}
