/** Every query about sending posts to the newsletter starts with this key: a post's preview, a send's progress. */
export const newsletterQueryKey = ['newsletter'] as const;
