/**
 * The automations suites' helpers: the app's clock at a business's daily run, the automations of a
 * business over HTTP, and what the local push service received of them.
 */
import { expect } from 'vitest';
import { runBusinessDay } from '../../src/server/modules/automations/automation-run';
import { ruleDayOf } from '../../src/server/modules/automations/automations.service';
import { Msg } from '../../src/shared/messages';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Automation, AutomationKind, AutomationList } from '../../src/shared/schemas/automation.schema';
import { instantToZoned, zonedToInstant } from '../../src/shared/zoned-time';
import { call, messagesTo, t } from './notifications-api';
import type { TestSubscription } from './push-service';

export const DAY = 24 * 3600_000;
/** The zone of the test businesses (establishmentFields' default). */
export const ZONE = 'Europe/Bratislava';

/** 10:30 on the business's calendar `days` after today: the daily run's time. */
export function runTimeIn(days: number): number {
  const date = instantToZoned(Date.now() + days * DAY, ZONE).date;
  return zonedToInstant({ date, time: '10:30' }, ZONE)!.getTime();
}

export const automationsOf = async (id: string, token?: string) =>
  call('GET', `/api/establishments/${id}/automations`, undefined, token);

export async function listOk(id: string, token: string): Promise<Automation[]> {
  const res = await automationsOf(id, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AutomationList>().automations;
}

export const save = (id: string, kind: string, body: unknown, token?: string) =>
  call('PUT', `/api/establishments/${id}/automations/${kind}`, body, token);

/** Turn an automation on with the text "<kind> from us". */
export async function turnOn(
  id: string,
  kind: AutomationKind,
  token: string,
  extra: Record<string, unknown> = {},
) {
  const res = await save(id, kind, { enabled: true, text: `${kind} from us`, ...extra }, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ message: string }>().message).toBe(Msg.automationSaved);
  return res.json<{ automation: Automation }>().automation;
}

/** The pushes of automations a device got. */
export const automated = (subscription: TestSubscription) =>
  messagesTo(subscription).filter((m: PushMessage) => m.kind === 'automation');

export async function arrives(subscription: TestSubscription, count = 1): Promise<PushMessage[]> {
  const until = Date.now() + 20_000;
  while (automated(subscription).length < count) {
    if (Date.now() > until)
      throw new Error(`${count} automated pushes did not reach ${subscription.endpoint}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return automated(subscription);
}

/** Until no automation send is queued or sending: what a run started has been delivered. */
export async function sendsDone() {
  const until = Date.now() + 20_000;
  for (;;) {
    const { rows } = await t.ctx.database.sql.executeSql(
      `SELECT count(*)::int AS n FROM notifications WHERE source = 'automation' AND status IN ('queued', 'sending')`,
    );
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() > until) throw new Error('automation sends did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Run one business's day at the test's clock. */
export const runDay = (establishmentId: string) =>
  runBusinessDay(t.ctx, ruleDayOf(establishmentId, ZONE, t.ctx.now()));
