/**
 * The fixed set of reactions to a post, stored by these stable names; the web app draws
 * each as its emoji (REACTION_EMOJI), so the set can be restyled without touching stored rows.
 */
export const REACTION_KINDS = ['like', 'love', 'laugh', 'wow', 'sad', 'celebrate'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

export const REACTION_EMOJI: Record<ReactionKind, string> = {
  like: '👍',
  love: '❤️',
  laugh: '😂',
  wow: '😮',
  sad: '😢',
  celebrate: '🎉',
};
