import { Msg } from '../../../shared/messages';
import { mayBeCreatedThroughProvider } from '../../../shared/permissions';
import type { ProviderIdentityList, ProviderSettings } from '../../../shared/schemas/sign-in-provider.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import { fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as repo from './provider.repo';

/** How the admin's page and the audit log name this setting. */
const SETTINGS_LABEL = 'Sign-in through the identity provider';
const LIST_LIMIT = 500;

export async function getSettings(ctx: AppContext, actor: AuthedActor): Promise<ProviderSettings> {
  authorize(actor, 'signInProvider:manage');
  const saved = await repo.readSettings(ctx.db);
  return {
    configured: ctx.config.oidc !== null,
    displayName: ctx.config.oidc?.displayName ?? null,
    issuer: ctx.config.oidc?.issuerUrl ?? null,
    ...saved,
  };
}

/** Save who may get an account at a first sign-in; admin is refused whatever the rest says. */
export async function updateSettings(
  ctx: AppContext,
  actor: AuthedActor,
  body: { allowCreate: boolean; createRole: string },
): Promise<ProviderSettings> {
  authorize(actor, 'signInProvider:manage');
  const { createRole } = body;
  if (createRole !== 'client' && createRole !== 'representant') {
    throw fieldError('createRole', Msg.providerCreateRole);
  }
  if (!mayBeCreatedThroughProvider(createRole)) throw fieldError('createRole', Msg.providerCreateRole);
  await ctx.db.transaction(async (tx) => {
    const before = await repo.readSettings(tx);
    await repo.saveSettings(tx, { allowCreate: body.allowCreate, createRole });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'signInProvider.update',
      targetLabel: SETTINGS_LABEL,
      detail: { before, after: { allowCreate: body.allowCreate, createRole } },
    });
  });
  return getSettings(ctx, actor);
}

export async function listIdentities(ctx: AppContext, actor: AuthedActor): Promise<ProviderIdentityList> {
  authorize(actor, 'signInProvider:manage');
  const rows = await repo.listIdentities(ctx.db, LIST_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      subject: row.subject,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      accountEmail: row.accountEmail,
      role: row.role,
      disabled: row.disabledAt !== null,
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    })),
  };
}

/** Turn one provider user's sign-in off or on, or unlink it; recorded with the account it opens. */
export async function changeIdentity(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  change: { disabled: boolean } | 'remove',
): Promise<void> {
  authorize(actor, 'signInProvider:manage');
  await ctx.db.transaction(async (tx) => {
    const identity = await repo.findIdentityById(tx, id);
    if (!identity) throw notFound();
    if (change === 'remove') await repo.deleteIdentity(tx, id);
    else await repo.setIdentityDisabled(tx, id, change.disabled);
    const action =
      change === 'remove'
        ? 'signInProvider.identityRemove'
        : change.disabled
          ? 'signInProvider.identityDisable'
          : 'signInProvider.identityEnable';
    await recordAudit(tx, {
      actorId: actor.id,
      action,
      targetUserId: identity.userId,
      targetLabel: identity.email,
      detail: { issuer: identity.issuer, subject: identity.subject },
    });
  });
}
