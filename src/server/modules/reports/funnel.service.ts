import type { Funnel, FunnelQuery, FunnelSteps } from '../../../shared/schemas/report.schema';
import { VISIT_SOURCES } from '../../../shared/schemas/report-sources';
import type { AppContext, AuthedActor } from '../../context';
import { localToday, standardPeriods } from './report-periods';
import { customRangeOf } from './report-range';
import { resolveReportScope } from './report-scope';
import * as repo from './reports.repo';

const NO_STEPS: FunnelSteps = {
  views: 0,
  visitors: 0,
  followers: 0,
  verified: 0,
  pushDevices: 0,
  emailOn: 0,
  guests: 0,
};

/**
 * The follower funnel of an establishment (who manages it) or of the platform (admins) over
 * `from`..`to`, by default the last 30 days in the scope's time zone: every visit source, zeros
 * included, and their total.
 */
export async function getFunnel(ctx: AppContext, actor: AuthedActor, query: FunnelQuery): Promise<Funnel> {
  const scope = await resolveReportScope(ctx, actor, query.establishmentId);
  const range = customRangeOf(query) ?? standardPeriods(localToday(scope.timeZone, new Date())).last30Days;
  const rows = await repo.sumFunnel(ctx.db, scope.scopeId, range);
  const sources = VISIT_SOURCES.map((source) => {
    const { source: _source, ...steps } = rows.find((row) => row.source === source) ?? {
      source,
      ...NO_STEPS,
    };
    return { source, ...steps };
  });
  const total = { ...NO_STEPS };
  for (const { source: _source, ...steps } of sources) {
    for (const key of Object.keys(total) as (keyof FunnelSteps)[]) total[key] += steps[key];
  }
  return { establishmentId: scope.establishmentId, from: range.from, to: range.to, sources, total };
}
