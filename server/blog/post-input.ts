import type { BlogPostInput } from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';
import type { Post } from './post.ts';
import { termKey } from './post-store.ts';
import { renderContent } from './render-content.ts';

export type PostFields = Pick<
  Post,
  | 'title'
  | 'slug'
  | 'content'
  | 'contentFormat'
  | 'html'
  | 'summary'
  | 'tags'
  | 'categories'
  | 'coverImage'
  | 'metaTitle'
  | 'metaDescription'
  | 'ogImage'
  | 'canonicalUrl'
  | 'publishedAt'
  | 'status'
  | 'commentsOpen'
>;

/** The specification's admin forms send tags and categories as comma-separated text. */
export function splitCommaSeparated(value: unknown): unknown {
  return typeof value === 'string' ? value.split(',') : value;
}

/** Trimmed, without empties, and without repeats (compared case-insensitively, the first spelling kept). */
export function normaliseTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const term of terms.map((raw) => raw.trim())) {
    if (term === '' || seen.has(termKey(term))) continue;
    seen.add(termKey(term));
    result.push(term);
  }
  return result;
}

function toInstant(value: string): string {
  const time = Date.parse(value);
  // The date-time format admits leap seconds (23:59:60), which JavaScript dates cannot hold.
  if (Number.isNaN(time)) {
    throw new HttpError(400, 'publishedAt is not a date this server can store.', [
      { path: '/publishedAt', message: 'must be a valid date' },
    ]);
  }
  return new Date(time).toISOString();
}

/**
 * When the post is published: as sent, or kept from the stored post when not sent (the specification's edit form
 * does not send it); a published post without a date is published now.
 */
function publishedAt(input: BlogPostInput, status: Post['status'], now: Date, stored: string | null): string | null {
  const sent = input.publishedAt;
  const requested = sent === undefined ? stored : sent === null || sent === '' ? null : toInstant(sent);
  return requested ?? (status === 'published' ? now.toISOString() : null);
}

/** The stored fields of a post from what an admin sent, which the schema has already checked. */
export function postFields(
  input: BlogPostInput,
  now: Date,
  storedPublishedAt: string | null = null,
  storedCommentsOpen = true,
): PostFields {
  const contentFormat = input.contentFormat ?? 'html';
  const status = input.status ?? 'draft';
  return {
    title: input.title.trim(),
    slug: input.slug,
    content: input.content,
    contentFormat,
    html: renderContent(input.content, contentFormat),
    summary: input.summary?.trim() || null,
    tags: normaliseTerms(input.tags ?? []),
    categories: normaliseTerms(input.categories ?? []),
    coverImage: input.coverImage?.trim() || null,
    metaTitle: input.metaTitle?.trim() || null,
    metaDescription: input.metaDescription?.trim() || null,
    ogImage: input.ogImage?.trim() || null,
    canonicalUrl: input.canonicalUrl?.trim() || null,
    publishedAt: publishedAt(input, status, now, storedPublishedAt),
    status,
    commentsOpen: input.commentsOpen ?? storedCommentsOpen,
  };
}
