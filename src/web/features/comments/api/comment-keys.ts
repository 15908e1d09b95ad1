/** TanStack Query keys of the comments feature. */
export const commentKeys = {
  all: ['comments'] as const,
  /** A post's comments, page by page. */
  list: (postId: string) => ['comments', 'post', postId] as const,
};
