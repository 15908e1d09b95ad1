import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../../shared/schemas/api-key.schema';

/** A new key: `bk_` and 256 random bits in base64url (43 characters). */
export const newApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What is stored and looked up: the key's SHA-256, hex. A salt adds nothing to 256 random bits. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Whether a bearer token is meant as an API key rather than a session's JWT. */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
