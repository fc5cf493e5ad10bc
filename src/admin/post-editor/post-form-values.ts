import type { BlogPost, BlogPostInput } from '@/content/types.gen.ts';
import postSchema from '../../../schemas/blog-post.schema.json';

/** The editor's fields as typed: tags and categories as comma-separated text, the date as the browser's local time. */
export interface PostFormValues {
  title: string;
  slug: string;
  content: string;
  contentFormat: BlogPost['contentFormat'];
  summary: string;
  tags: string;
  categories: string;
  coverImage: string;
  /** A datetime-local value ("2025-03-05T10:00"), or empty. */
  publishedAt: string;
  status: BlogPost['status'];
  metaTitle: string;
  metaDescription: string;
  ogImage: string;
  canonicalUrl: string;
  /** Who wrote the post: a member's id, or empty for the writer of a new post (or the team, for older posts). */
  authorId: string;
  /** Whether readers may comment. */
  commentsOpen: boolean;
}

export type PostField = keyof PostFormValues;

export const emptyPostValues: PostFormValues = {
  title: '',
  slug: '',
  content: '',
  contentFormat: 'html',
  summary: '',
  tags: '',
  categories: '',
  coverImage: '',
  publishedAt: '',
  status: 'draft',
  metaTitle: '',
  metaDescription: '',
  ogImage: '',
  canonicalUrl: '',
  authorId: '',
  commentsOpen: true,
};

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local value in this browser's time zone. */
export function toDateTimeLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an instant; text that is no date is passed on for the schema to reject. */
function fromDateTimeLocal(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Comma-separated text as a list: each item trimmed, empty ones dropped. */
export function splitTerms(text: string): string[] {
  return text
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '');
}

const longestSlug = postSchema.properties.slug.maxLength;

/** Words of a slug that fit the schema's limit, cut between words; a single longer word is cut at the limit. */
function fitSlug(slug: string): string {
  if (slug.length <= longestSlug) return slug;
  const lastBreak = slug.lastIndexOf('-', longestSlug);
  return lastBreak > 0 ? slug.slice(0, lastBreak) : slug.slice(0, longestSlug);
}

/** The slug the title suggests: lower-case ASCII words joined by hyphens, never longer than a slug may be. */
export function slugFromTitle(title: string): string {
  return fitSlug(
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
}

/** The stored fields the editor shows: a post, or a revision's copy of one. */
export type EditablePost = Pick<
  BlogPost,
  | 'title'
  | 'slug'
  | 'content'
  | 'contentFormat'
  | 'summary'
  | 'tags'
  | 'categories'
  | 'coverImage'
  | 'publishedAt'
  | 'status'
  | 'metaTitle'
  | 'metaDescription'
  | 'ogImage'
  | 'canonicalUrl'
  | 'authorId'
  | 'commentsOpen'
>;

export function valuesFromPost(post: EditablePost): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    contentFormat: post.contentFormat,
    summary: post.summary ?? '',
    tags: post.tags.join(', '),
    categories: post.categories.join(', '),
    coverImage: post.coverImage ?? '',
    publishedAt: toDateTimeLocal(post.publishedAt),
    status: post.status,
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    ogImage: post.ogImage ?? '',
    canonicalUrl: post.canonicalUrl ?? '',
    authorId: post.authorId ?? '',
    commentsOpen: post.commentsOpen ?? true,
  };
}

/** What the API gets; `updatedAt` is the version the editor started from, when editing. */
export function toPostInput(values: PostFormValues, updatedAt?: string): BlogPostInput {
  return {
    title: values.title,
    slug: values.slug,
    content: values.content,
    contentFormat: values.contentFormat,
    summary: values.summary,
    tags: splitTerms(values.tags),
    categories: splitTerms(values.categories),
    coverImage: values.coverImage.trim(),
    publishedAt: fromDateTimeLocal(values.publishedAt),
    status: values.status,
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    ogImage: values.ogImage.trim(),
    canonicalUrl: values.canonicalUrl.trim(),
    // Drafts kept by this browser before the field existed have none.
    ...(values.authorId ? { authorId: values.authorId } : {}),
    commentsOpen: values.commentsOpen,
    ...(updatedAt ? { updatedAt } : {}),
  };
}
