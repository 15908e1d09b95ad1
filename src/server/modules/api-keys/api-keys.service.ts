import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor, ApiKeyScope } from '../../../shared/permissions';
import {
  API_KEY_PREFIX,
  API_KEYS_ACTIVE_MAX,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
} from '../../../shared/schemas/api-key.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext, AuthedActor } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound, unauthorized } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { loadEstablishment, resourceOf } from '../establishments/establishment-access';
import { hashApiKey, newApiKey } from './api-key-secret';
import * as repo from './api-keys.repo';

/** A key's last use is written at most this often. */
export const LAST_USED_PRECISION_MS = 60_000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What leaves the server about a key: never the key or its hash. */
export const toApiKeyDto = (row: repo.ApiKeyListRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  hint: `${API_KEY_PREFIX}…${row.lastFour}`,
  createdAt: row.createdAt.toISOString(),
  createdBy: { id: row.createdById, name: row.createdByName },
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
});

/**
 * The establishment, and who may manage its keys (can(): who manages it; admins), or create one
 * (not while it is blocked: 403 ESTABLISHMENT_BLOCKED).
 */
async function loadManaged(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  right: 'apiKey:manage' | 'apiKey:create' = 'apiKey:manage',
) {
  const establishment = await loadEstablishment(ctx, establishmentId);
  authorize(actor, right, resourceOf(establishment));
  return establishment;
}

/**
 * Creating or revoking a key by someone who does not operate the establishment (an admin, the
 * representative who registered it) acts for the business: recorded with the write.
 */
async function recordKeyWrite(
  db: Db,
  actor: Actor,
  establishment: { id: string; name: string },
  action: 'apiKey.create' | 'apiKey.revoke',
  detail: Record<string, unknown>,
) {
  await auditOnBehalf(db, actor, establishment, { action, detail });
}

/** An establishment's keys, newest first. */
export async function list(ctx: AppContext, actor: Actor, establishmentId: string): Promise<ApiKeyList> {
  const establishment = await loadManaged(ctx, actor, establishmentId);
  const rows = await repo.listApiKeys(ctx.db, establishment.id);
  return { items: rows.map(toApiKeyDto) };
}

/** A new key: only its hash is stored; the key is in this answer and nowhere else. */
export async function create(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  body: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const establishment = await loadManaged(ctx, actor, establishmentId, 'apiKey:create');
  const key = newApiKey();
  const id = await ctx.db.transaction(async (tx) => {
    // One at a time per establishment, so two creations cannot both pass the limit.
    await repo.lockEstablishmentKeys(tx, establishment.id);
    if ((await repo.countActiveApiKeys(tx, establishment.id)) >= API_KEYS_ACTIVE_MAX) {
      throw new AppError(409, ErrorCode.CONFLICT, Msg.apiKeyLimit);
    }
    const row = await repo.insertApiKey(tx, {
      establishmentId: establishment.id,
      name: body.name,
      keyHash: hashApiKey(key),
      lastFour: key.slice(-4),
      scopes: body.scopes,
      createdById: actor.id,
    });
    await recordKeyWrite(tx, actor, establishment, 'apiKey.create', {
      apiKeyId: row.id,
      keyName: row.name,
      scopes: row.scopes,
    });
    return row.id;
  });
  const row = await repo.findApiKey(ctx.db, establishment.id, id);
  return { apiKey: toApiKeyDto(row!), key, message: Msg.apiKeyCreated };
}

/** Revoke a key: refused (401) from its next request on. Revoking a revoked key changes nothing. */
export async function revoke(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  keyId: string,
): Promise<{ apiKey: ApiKey; message: string }> {
  const establishment = await loadManaged(ctx, actor, establishmentId);
  const found = await repo.findApiKey(ctx.db, establishment.id, keyId);
  if (!found) throw notFound();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeApiKey(tx, found.id, actor.id, ctx.now()))) return;
    await recordKeyWrite(tx, actor, establishment, 'apiKey.revoke', {
      apiKeyId: found.id,
      keyName: found.name,
    });
  });
  const row = await repo.findApiKey(ctx.db, establishment.id, keyId);
  return { apiKey: toApiKeyDto(row!), message: Msg.apiKeyRevoked };
}

/** A live key, as a request presented it. */
export interface PresentedKey {
  id: string;
  name: string;
  establishmentId: string;
  scopes: ApiKeyScope[];
  createdById: string;
  lastUsedAt: Date | null;
  establishmentBlocked: boolean;
}

/** The key a bearer token names, unless unknown or revoked (401). */
export async function findLiveKey(ctx: AppContext, token: string): Promise<PresentedKey> {
  const row = await repo.findApiKeyByHash(ctx.db, hashApiKey(token));
  if (!row || row.revokedAt) throw unauthorized(Msg.apiKeyInvalid);
  return row;
}

/**
 * Admit a live key to a route: only routes whose contract accepts keys, and only with the scope the
 * contract names (403 otherwise). The caller becomes an actor that can() answers from the key
 * alone (its establishment, its scopes); its id is the key's creator, the author of what it sends.
 */
export async function admitKey(
  ctx: AppContext,
  key: PresentedKey,
  routeScope: ApiKeyScope | undefined,
): Promise<AuthedActor> {
  if (!routeScope) throw new AppError(403, ErrorCode.FORBIDDEN, Msg.apiKeyNotAccepted);
  if (!key.scopes.includes(routeScope)) throw new AppError(403, ErrorCode.FORBIDDEN, Msg.apiKeyScopeMissing);
  const now = ctx.now();
  const since = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  if (!key.lastUsedAt || key.lastUsedAt < since) await repo.touchApiKey(ctx.db, key.id, now, since);
  return {
    id: key.createdById,
    // Not a role: anything that forgets to ask can() about the key gets "no" (a role outside the table).
    role: 'apiKey',
    emailVerified: true,
    establishments: [],
    sessionId: '',
    actingAdminId: null,
    apiKey: {
      id: key.id,
      name: key.name,
      establishmentId: key.establishmentId,
      scopes: key.scopes,
      establishmentBlocked: key.establishmentBlocked,
    },
  };
}
