/** Every lead query starts with this key, so that one invalidation refreshes the list, a lead and the count. */
export const leadsQueryKey = ['leads'] as const;
