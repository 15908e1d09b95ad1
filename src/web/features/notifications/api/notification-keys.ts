/** TanStack Query keys of the notifications feature, so mutations refresh the right lists. */
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
