/**
 * TanStack Query keys of establishments, so mutations invalidate the right caches; shared, as reports,
 * people and the compose card read or refresh them too.
 */
export const establishmentKeys = {
  all: ['establishments'] as const,
  list: (query: object) => ['establishments', 'list', query] as const,
  one: (id: string) => ['establishments', 'one', id] as const,
  members: (id: string) => ['establishments', 'members', id] as const,
  gallery: (id: string) => ['establishments', 'gallery', id] as const,
  public: (publicId: string) => ['establishments', 'public', publicId] as const,
};
