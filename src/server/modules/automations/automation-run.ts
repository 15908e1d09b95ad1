import type { AppContext } from '../../context';
import { executorOf } from '../../db/client';
import { startFanout } from '../../delivery';
import { withOutbox } from '../../events/outbox';
import * as repo from './automations.repo';
import { AUTOMATION_RUN_HOUR } from './automations.service';

/** What one business's daily run sent: followers listed, by automation. */
export type RunResult = Partial<Record<string, number>>;

/**
 * One business's run of its day, in one transaction: claim the day (a second worker waits on the
 * claim, then finds it taken), and for each automation that is on, list the followers it picks
 * under their occurrence key and start its send to them through the engine (its first batch
 * queued with it; caps, quiet hours and channels as for any send). A kill -9 anywhere rolls all of
 * it back, and the next run does it again. Null when the day was already run.
 */
export async function runBusinessDay(ctx: AppContext, run: repo.RuleDay): Promise<RunResult | null> {
  return withOutbox(ctx, async (outbox) => {
    const sql = executorOf(outbox.db);
    if (!(await repo.claimRun(sql, run.establishmentId, run.day))) return null;
    const result: RunResult = {};
    for (const automation of await repo.enabledAutomations(outbox.db, run.establishmentId)) {
      const sendId = await repo.insertAutomationSend(outbox.db, {
        establishmentId: run.establishmentId,
        text: automation.text,
        translations: automation.translations,
        channels: automation.channels === 'push' ? ['push'] : null,
      });
      const listed = await repo.listPicked(sql, automation.kind, automation.days, run, sendId);
      if (listed === 0) {
        await repo.deleteSend(outbox.db, sendId);
        continue;
      }
      await startFanout(ctx, outbox, sendId);
      result[automation.kind] = listed;
    }
    return result;
  });
}

/**
 * Run every business whose day is due at `at` (its local hour at or past AUTOMATION_RUN_HOUR),
 * each in its own transaction: one business's failure does not hold the others back.
 */
export async function runDueAutomations(ctx: AppContext, at: Date): Promise<Map<string, RunResult>> {
  const ran = new Map<string, RunResult>();
  for (const due of await repo.dueRuns(ctx.database.sql, at, AUTOMATION_RUN_HOUR)) {
    try {
      const result = await runBusinessDay(ctx, { ...due, at });
      if (result) ran.set(due.establishmentId, result);
    } catch (error) {
      ctx.log.error({ err: error, establishmentId: due.establishmentId }, 'automation run failed');
    }
  }
  return ran;
}
