/** The first part of every blog query's key: a write invalidates them all, as any list or post may have changed. */
export const blogQueryKey = ['blogs'] as const;
