/** Every query of the content studio lives under this key, so that a save or a restore refreshes them all. */
export const contentQueryKey = ['content'] as const;

/** A document's address under /api/content: ids hold `/` (`services/seo`), sent as one encoded path segment. */
export function contentPath(id: string, suffix = ''): string {
  return `/api/content/${encodeURIComponent(id)}${suffix}`;
}
