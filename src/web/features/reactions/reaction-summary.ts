import type { ReactionSummary } from '../../../shared/schemas/notification.schema';
import { REACTION_KINDS, type ReactionKind } from '../../../shared/schemas/reaction-kinds';

/**
 * The summary once the reader's reaction is `kind` (null: taken back), as the server will count it:
 * their old kind one less, the new one more, kinds with none left out, in REACTION_KINDS order.
 */
export function withReaction(summary: ReactionSummary, kind: ReactionKind | null): ReactionSummary {
  const counts = new Map(summary.counts.map((c) => [c.kind, c.count]));
  if (summary.mine) counts.set(summary.mine, Math.max(0, (counts.get(summary.mine) ?? 0) - 1));
  if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return {
    counts: REACTION_KINDS.filter((k) => (counts.get(k) ?? 0) > 0).map((k) => ({
      kind: k,
      count: counts.get(k)!,
    })),
    mine: kind,
  };
}

/** What choosing `kind` means: the reader's own kind again takes it back, another sets it. */
export const nextReaction = (summary: ReactionSummary, kind: ReactionKind): ReactionKind | null =>
  summary.mine === kind ? null : kind;

/** All reactions to the post. */
export const totalOf = (summary: ReactionSummary) => summary.counts.reduce((sum, c) => sum + c.count, 0);
