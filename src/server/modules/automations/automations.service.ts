import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import {
  AUTOMATION_DAYS,
  AUTOMATION_KINDS,
  type Automation,
  type AutomationBody,
  type AutomationKind,
  type AutomationList,
} from '../../../shared/schemas/automation.schema';
import { instantToZoned } from '../../../shared/zoned-time';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { loadEstablishment, loadForSending, resourceOf } from '../notifications/post-access';
import * as repo from './automations.repo';

/** The business's local hour when its daily run sends: mid-morning, never at night. */
export const AUTOMATION_RUN_HOUR = 10;
/** Weeks of figures each automation shows. */
const FIGURE_WEEKS = 8;

/** The business's day at `at`, as its rules read it. */
export const ruleDayOf = (establishmentId: string, timeZone: string, at: Date): repo.RuleDay => ({
  establishmentId,
  at,
  timeZone,
  day: instantToZoned(at.getTime(), timeZone).date,
});

/** An automation never saved: off, empty, its kind's default days. */
const unsaved = (kind: AutomationKind) => ({
  kind,
  enabled: false,
  channels: 'choice' as const,
  days: AUTOMATION_DAYS[kind]?.default ?? null,
  text: '',
  translations: {},
  updatedAt: null as Date | null,
});

/** The automations of these kinds as their card shows them (a save answers its own kind only). */
async function describe(
  ctx: AppContext,
  establishment: { id: string; timeZone: string },
  kinds: readonly AutomationKind[] = AUTOMATION_KINDS,
): Promise<Automation[]> {
  const at = ctx.now();
  const day = ruleDayOf(establishment.id, establishment.timeZone, at);
  const [saved, figures] = await Promise.all([
    repo.listAutomations(ctx.db, establishment.id),
    repo.weeklyFigures(ctx.database.sql, establishment.id, at, establishment.timeZone, FIGURE_WEEKS),
  ]);
  return Promise.all(
    kinds.map(async (kind) => {
      const row = saved.find((a) => a.kind === kind) ?? unsaved(kind);
      return {
        kind,
        enabled: row.enabled,
        days: row.days,
        channels: row.channels,
        text: row.text,
        translations: row.translations,
        reachToday: await repo.countPicked(ctx.database.sql, kind, row.days, day),
        weeks: figures.weeks.map((week) => {
          const found = figures.figures.find((f) => f.kind === kind && f.week === week);
          return { week, sent: found?.sent ?? 0, opened: found?.opened ?? 0 };
        }),
        updatedAt: row.updatedAt?.toISOString() ?? null,
      };
    }),
  );
}

/** The establishment's automations, for whoever may send for it. */
export async function listAutomations(ctx: AppContext, actor: Actor, id: string): Promise<AutomationList> {
  const establishment = await loadEstablishment(ctx, id);
  authorize(actor, 'notificationPost:create', resourceOf(establishment));
  return {
    automations: await describe(ctx, establishment),
    runHour: AUTOMATION_RUN_HOUR,
    timeZone: establishment.timeZone,
  };
}

/** Its days, checked against its kind's bounds (a kind that counts none stores none). */
function daysOf(kind: AutomationKind, days: number | null): number | null {
  const bounds = AUTOMATION_DAYS[kind];
  if (!bounds) return null;
  if (days === null) return bounds.default;
  if (days < bounds.min || days > bounds.max) throw fieldError('days', bounds.message);
  return days;
}

/** Turn an automation on or off and set what it sends; the business must be able to send. */
export async function saveAutomation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  kind: AutomationKind,
  body: AutomationBody,
) {
  const establishment = await loadForSending(ctx, actor, id);
  const days = daysOf(kind, body.days ?? null);
  await ctx.db.transaction(async (db) => {
    await repo.saveAutomation(db, {
      establishmentId: establishment.id,
      kind,
      enabled: body.enabled,
      channels: body.channels,
      days,
      text: body.text,
      translations: Object.fromEntries(
        Object.entries(body.translations ?? {}).filter(([, text]) => Boolean(text)),
      ),
      updatedById: actor.id!,
    });
    // An admin or the representative speaks for the business: recorded with the write.
    await auditOnBehalf(db, actor, establishment, {
      action: 'establishment.update',
      detail: { changed: [`automation.${kind}`], enabled: body.enabled },
    });
  });
  const [automation] = await describe(ctx, establishment, [kind]);
  return { automation: automation!, message: Msg.automationSaved };
}
