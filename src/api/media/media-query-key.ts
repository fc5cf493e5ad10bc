/** Every media query starts with this key, so that one invalidation refreshes them all after a change. */
export const mediaQueryKey = ['media'] as const;
