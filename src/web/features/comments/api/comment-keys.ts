/** TanStack Query keys of the comments feature. */
export const commentKeys = {
  all: ['comments'] as const,
  /** Every post's comments. */
  posts: ['comments', 'post'] as const,
  /** A post's comments, page by page. */
  list: (postId: string) => ['comments', 'post', postId] as const,
  /** The followers an establishment muted. */
  mutes: (establishmentId: string) => ['comments', 'mutes', establishmentId] as const,
};
