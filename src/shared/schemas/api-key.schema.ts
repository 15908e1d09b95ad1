import { z } from 'zod';
import { FieldLabel, Msg } from '../messages';
import { API_KEY_SCOPES } from '../permissions';
import { requiredText } from './fields';

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'bk_';

/** How long a key's name may be. */
export const API_KEY_NAME_MAX = 80;

/** An establishment has at most this many keys that are not revoked. */
export const API_KEYS_ACTIVE_MAX = 20;

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: `Choose one of: ${API_KEY_SCOPES.join(', ')}`,
});

/** A new key: its name (what it is for: "Till", "Web shop") and its scopes, each once. */
export const CreateApiKeyBodySchema = z.object({
  name: requiredText(FieldLabel.name, API_KEY_NAME_MAX),
  scopes: z
    .array(ApiKeyScopeSchema, { error: Msg.chooseScope })
    .min(1, Msg.chooseScope)
    .max(API_KEY_SCOPES.length * 2, Msg.chooseScope)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>;

export const ApiKeyParamsSchema = z.object({
  id: z.uuid({ error: Msg.establishmentNotFound }),
  keyId: z.uuid({ error: Msg.notFound }),
});

/** A key as its establishment's operators see it: never the key itself, only its last 4 characters. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  /** `bk_…` and the key's last 4 characters, to tell keys apart. */
  hint: z.string(),
  createdAt: z.string(),
  /** Who created it: the author of the posts sent with it (a key goes with its creator's account). */
  createdBy: z.object({ id: z.string(), name: z.string() }),
  /** When it was last used, to the minute; null if never. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** The answer to a creation: the only time the key itself is ever shown. */
export const CreatedApiKeySchema = z.object({
  apiKey: ApiKeySchema,
  /** The key: `bk_` and 43 characters. Stored hashed; it cannot be shown again. */
  key: z.string(),
  message: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const RevokedApiKeySchema = z.object({ apiKey: ApiKeySchema, message: z.string() });
