/**
 * TanStack Query keys of notifications and posts, so mutations refresh the right lists; shared, as
 * comments and reactions change the same cached posts.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  establishmentPosts: (establishmentId: string, all: boolean) =>
    ['notifications', 'establishment', establishmentId, { all }] as const,
  establishment: (establishmentId: string) => ['notifications', 'establishment', establishmentId] as const,
  feed: () => ['notifications', 'feed'] as const,
  post: (id: string) => ['notifications', 'post', id] as const,
  /** The reach of a targeted send; `preferenceIds` sorted and comma-joined. */
  audience: (establishmentId: string, preferenceIds: string) =>
    ['notifications', 'audience', establishmentId, preferenceIds] as const,
};
