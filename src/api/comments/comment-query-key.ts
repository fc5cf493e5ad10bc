/** Every comment query starts with this key, so that one invalidation refreshes the queue, its tabs and the badge. */
export const commentsQueryKey = ['comments'] as const;
