import type { PostField, PostFormValues } from './post-form-values.ts';

/**
 * What restoring a version brings back: the writing. Its address, status and publication date stay as they are, or
 * restoring an old version of a live post would take it offline, or move it, when saved.
 */
export const writingFields = [
  'title',
  'summary',
  'contentFormat',
  'content',
  'tags',
  'categories',
  'coverImage',
  'metaTitle',
  'metaDescription',
  'ogImage',
  'canonicalUrl',
] as const satisfies readonly PostField[];

/** The form as it is, with the writing of the chosen version. */
export function withRestoredWriting(current: PostFormValues, chosen: PostFormValues): PostFormValues {
  const restored = { ...current };
  for (const field of writingFields) restored[field] = chosen[field] as never;
  return restored;
}
