import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { settingError } from './config-error';

/** Sign-in: the token secret and lifetime, and the first admin. */
export const authEnv = {
  JWT_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (for example: openssl rand -base64 48)')
    .optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
};

export type AuthEnv = z.output<z.ZodObject<typeof authEnv>>;

export interface AuthSettings {
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  admin: { email?: string; password?: string };
}

/** Read a JWT secret from DATA_DIR, creating it once, so tokens survive restarts on a laptop. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Production needs JWT_SECRET; elsewhere one is generated into DATA_DIR once. */
export function requireJwtSecret(env: AuthEnv, production: boolean) {
  if (production && !env.JWT_SECRET) {
    throw settingError(
      'JWT_SECRET',
      'is required in production: set it to a random string of at least 32 characters ' +
        '(for example: openssl rand -base64 48)',
    );
  }
}

export function authSettings(env: AuthEnv, dataDir: string): AuthSettings {
  const secret = env.JWT_SECRET ?? localJwtSecret(dataDir);
  return {
    jwtSecret: new TextEncoder().encode(secret),
    tokenTtlSeconds: Math.round(env.TOKEN_TTL_HOURS * 3600),
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
  };
}
