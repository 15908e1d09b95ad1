import { z } from 'zod';

/**
 * The fatigue guard's limits (fatigue-guard.ts): how often one follower's phone may ring (and
 * inbox fill) for one business, and for all of them together. Counted per channel.
 */
export interface FatigueSettings {
  /** Off: every send rings every phone, as before the guard (FATIGUE_GUARD=off). */
  enabled: boolean;
  /** A business's default: sends per follower a day (the business's local day)... */
  perDay: number;
  /** ... and over the last seven days. */
  perWeek: number;
  /** The most a business may choose instead (its settings), a day and a week. */
  maxPerDay: number;
  maxPerWeek: number;
  /** Across every business a follower follows: at most this many in 24 hours. */
  followerPerDay: number;
}

const count = z.coerce.number().int().min(1).max(100);

const FatigueEnv = z.object({
  FATIGUE_GUARD: z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default('on')
    .transform((v) => v === 'on' || v === 'true' || v === '1'),
  FATIGUE_PER_DAY: count.default(1),
  FATIGUE_PER_WEEK: count.default(3),
  FATIGUE_MAX_PER_DAY: count.default(3),
  FATIGUE_MAX_PER_WEEK: count.default(10),
  FATIGUE_FOLLOWER_PER_DAY: count.default(5),
});

/**
 * The guard's settings from the environment (empty variables already dropped by config.ts). Every
 * wrong one is reported at once, `NAME: what is expected`, through `invalid` (config.ts's
 * ConfigError), including defaults above their ceilings.
 */
export function parseFatigueSettings(
  env: Record<string, string | undefined>,
  invalid: (lines: string[]) => Error,
): FatigueSettings {
  const parsed = FatigueEnv.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`));
  }
  const s = parsed.data;
  const problems: string[] = [];
  if (s.FATIGUE_PER_DAY > s.FATIGUE_MAX_PER_DAY)
    problems.push(`  FATIGUE_PER_DAY: at most FATIGUE_MAX_PER_DAY (${s.FATIGUE_MAX_PER_DAY})`);
  if (s.FATIGUE_PER_WEEK > s.FATIGUE_MAX_PER_WEEK)
    problems.push(`  FATIGUE_PER_WEEK: at most FATIGUE_MAX_PER_WEEK (${s.FATIGUE_MAX_PER_WEEK})`);
  if (s.FATIGUE_PER_DAY > s.FATIGUE_PER_WEEK)
    problems.push(`  FATIGUE_PER_DAY: at most FATIGUE_PER_WEEK (${s.FATIGUE_PER_WEEK})`);
  if (problems.length > 0) throw invalid(problems);
  return {
    enabled: s.FATIGUE_GUARD,
    perDay: s.FATIGUE_PER_DAY,
    perWeek: s.FATIGUE_PER_WEEK,
    maxPerDay: s.FATIGUE_MAX_PER_DAY,
    maxPerWeek: s.FATIGUE_MAX_PER_WEEK,
    followerPerDay: s.FATIGUE_FOLLOWER_PER_DAY,
  };
}
