import { ErrorCode } from '../../../shared/errors';
import {
  MAX_WEBHOOKS_PER_ESTABLISHMENT,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCall,
  type WebhookEventType,
  WebhookMsg,
} from '../../../shared/schemas/webhook.schema';
import { WEBHOOK_EVENT_SAMPLES, WEBHOOK_TEST_SAMPLE } from '../../../shared/schemas/webhook-events.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext, AuthedActor } from '../../context';
import type { Db } from '../../db/client';
import { webhookQueuedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { type EstablishmentRow, lockEstablishment } from '../establishments';
import { loadEstablishment, resourceOf } from '../establishments/establishment-access';
import { addressProblem } from './webhook-caller';
import { newWebhookSecret } from './webhook-signature';
import * as repo from './webhooks.repo';

/** Calls listed in a webhook's history. */
const HISTORY_LENGTH = 50;

const webhookGone = () => notFound();

/** The establishment, if this actor manages its webhooks (or may register one: not while it is blocked). */
async function managed(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  right: 'webhook:manage' | 'webhook:create' = 'webhook:manage',
) {
  const row = await loadEstablishment(ctx, id);
  authorize(actor, right, resourceOf(row));
  return row;
}

const toDto = (row: repo.WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason:
    row.disabledReason === 'failing' || row.disabledReason === 'operator' ? row.disabledReason : null,
  failingSince: row.failingSince ? new Date(row.failingSince).toISOString() : null,
  pending: Number(row.pending),
  lastCall: row.lastCallAt
    ? {
        at: new Date(row.lastCallAt).toISOString(),
        status: row.lastCallStatus === null ? null : Number(row.lastCallStatus),
        ok: row.lastCallStatus !== null && row.lastCallStatus >= 200 && row.lastCallStatus < 300,
      }
    : null,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** A private address is refused when registered; a name is checked again each time it is called. */
function checkAddress(ctx: AppContext, url: string) {
  if (addressProblem(url, ctx.config.webhooks.allowedPrivateHosts))
    throw fieldError('url', WebhookMsg.urlNotPublic);
}

/** Staff changing a business's webhooks is recorded; its operators' own changes are theirs. */
async function audit(db: Db, actor: AuthedActor, row: EstablishmentRow, operation: string, url: string) {
  await auditOnBehalf(db, actor, row, { action: 'establishment.webhooks', detail: { operation, url } });
}

async function reload(ctx: AppContext, establishmentId: string, webhookId: string): Promise<Webhook> {
  const row = await repo.findWebhook(ctx.db, establishmentId, webhookId);
  if (!row) throw webhookGone();
  return toDto(row);
}

export async function list(ctx: AppContext, actor: AuthedActor, id: string) {
  const row = await managed(ctx, actor, id);
  const items = await repo.listWebhooks(ctx.db, row.id);
  return { items: items.map(toDto), eventTypes: [...WEBHOOK_EVENT_TYPES] };
}

export async function create(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  body: { url: string; events: string[]; description: string },
) {
  const row = await managed(ctx, actor, id, 'webhook:create');
  checkAddress(ctx, body.url);
  const secret = newWebhookSecret();
  const webhookId = await ctx.db.transaction(async (tx) => {
    // Counted and inserted under the establishment's row lock: two at once cannot pass the limit.
    await lockEstablishment(tx, row.id);
    if ((await repo.countWebhooks(tx, row.id)) >= MAX_WEBHOOKS_PER_ESTABLISHMENT)
      throw new AppError(409, ErrorCode.CONFLICT, WebhookMsg.limit);
    const inserted = await repo.insertWebhook(tx, {
      establishmentId: row.id,
      url: body.url,
      events: body.events,
      description: body.description,
      secret,
      createdById: actor.id,
    });
    await audit(tx, actor, row, 'create', body.url);
    return inserted;
  });
  return { webhook: await reload(ctx, row.id, webhookId), secret };
}

export async function update(
  ctx: AppContext,
  actor: AuthedActor,
  params: { id: string; webhookId: string },
  body: { url?: string; events?: string[]; description?: string; enabled?: boolean },
): Promise<Webhook> {
  const row = await managed(ctx, actor, params.id);
  if (body.url !== undefined) checkAddress(ctx, body.url);
  const before = await repo.findWebhook(ctx.db, row.id, params.webhookId);
  if (!before) throw webhookGone();
  await withOutbox(ctx, async ({ db, emit }) => {
    const enabling = body.enabled === true && !before.enabled;
    await repo.updateWebhook(db, row.id, params.webhookId, {
      ...body,
      // Turned on again: its failing run starts over; turned off by hand: say so.
      ...(body.enabled === undefined ? {} : { disabledReason: body.enabled ? null : 'operator' }),
      ...(enabling ? { failingSince: null } : {}),
    });
    await audit(db, actor, row, 'update', body.url ?? before.url);
    // What it still owes goes out now.
    if (enabling) await emit(webhookQueuedEvent(params.webhookId, row.id, actor.id));
  });
  return reload(ctx, row.id, params.webhookId);
}

export async function remove(ctx: AppContext, actor: AuthedActor, params: { id: string; webhookId: string }) {
  const row = await managed(ctx, actor, params.id);
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findWebhook(tx, row.id, params.webhookId);
    if (!before || !(await repo.deleteWebhook(tx, row.id, params.webhookId))) throw webhookGone();
    await audit(tx, actor, row, 'delete', before.url);
  });
  return { message: 'Webhook deleted.' };
}

export async function rotateSecret(
  ctx: AppContext,
  actor: AuthedActor,
  params: { id: string; webhookId: string },
) {
  const row = await managed(ctx, actor, params.id);
  const secret = newWebhookSecret();
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findWebhook(tx, row.id, params.webhookId);
    if (!before || !(await repo.updateWebhook(tx, row.id, params.webhookId, { secret }))) throw webhookGone();
    await audit(tx, actor, row, 'rotateSecret', before.url);
  });
  return { webhook: await reload(ctx, row.id, params.webhookId), secret };
}

/** A `webhook.test` event for this webhook alone, queued like any other (it waits its turn). */
export async function sendTest(
  ctx: AppContext,
  actor: AuthedActor,
  params: { id: string; webhookId: string },
  type?: WebhookEventType,
) {
  const row = await managed(ctx, actor, params.id);
  const hook = await repo.findWebhook(ctx.db, row.id, params.webhookId);
  if (!hook) throw webhookGone();
  if (!hook.enabled) throw new AppError(409, ErrorCode.CONFLICT, WebhookMsg.disabled);
  // A sample of the type asked for (the OpenAPI document's example), else the plain test event.
  const event = type
    ? { type, data: WEBHOOK_EVENT_SAMPLES[type] }
    : { type: WEBHOOK_TEST_EVENT, data: WEBHOOK_TEST_SAMPLE };
  await withOutbox(ctx, async ({ db, emit }) => {
    await repo.insertTestDelivery(db, hook.id, row.id, actor.id, event);
    await emit(webhookQueuedEvent(hook.id, row.id, actor.id));
  });
  return { message: 'Test event queued.' };
}

export async function calls(
  ctx: AppContext,
  actor: AuthedActor,
  params: { id: string; webhookId: string },
): Promise<{ items: WebhookCall[] }> {
  const row = await managed(ctx, actor, params.id);
  if (!(await repo.findWebhook(ctx.db, row.id, params.webhookId))) throw webhookGone();
  const items = await repo.listCalls(ctx.db, params.webhookId, HISTORY_LENGTH);
  return {
    items: items.map((call) => ({
      ...call,
      deliveryId: Number(call.deliveryId),
      at: new Date(call.at).toISOString(),
      ok: call.status !== null && call.status >= 200 && call.status < 300,
      deliveryState: call.deliveryState as WebhookCall['deliveryState'],
    })),
  };
}

export async function resend(
  ctx: AppContext,
  actor: AuthedActor,
  params: { id: string; webhookId: string; deliveryId: number },
) {
  const row = await managed(ctx, actor, params.id);
  const hook = await repo.findWebhook(ctx.db, row.id, params.webhookId);
  if (!hook) throw webhookGone();
  if (!hook.enabled) throw new AppError(409, ErrorCode.CONFLICT, WebhookMsg.disabled);
  await withOutbox(ctx, async ({ db, emit }) => {
    if (!(await repo.resendDelivery(db, hook.id, params.deliveryId))) throw webhookGone();
    await audit(db, actor, row, 'resend', hook.url);
    await emit(webhookQueuedEvent(hook.id, row.id, actor.id));
  });
  return { message: 'Queued to be sent again.' };
}
