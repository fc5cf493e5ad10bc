/** Every subscriber query starts with this key, so that one invalidation refreshes every page of the list. */
export const subscribersQueryKey = ['subscribers'] as const;
