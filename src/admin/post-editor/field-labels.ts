import type { PostField } from './post-form-values.ts';

/** The editor's labels, also used to name fields in error messages. */
export const fieldLabels: Record<PostField, string> = {
  title: 'Title',
  slug: 'Slug',
  content: 'Content',
  contentFormat: 'Content format',
  summary: 'Summary',
  tags: 'Tags',
  categories: 'Categories',
  coverImage: 'Cover image URL',
  publishedAt: 'Published at',
  status: 'Status',
  metaTitle: 'Search headline',
  metaDescription: 'Search description',
  ogImage: 'Sharing image URL',
  canonicalUrl: 'Canonical URL',
  authorId: 'Author',
  commentsOpen: 'Allow comments',
};

export function isPostField(name: string | undefined): name is PostField {
  return name !== undefined && Object.hasOwn(fieldLabels, name);
}

/** The form's order, so that errors are listed, and the first focused, top to bottom. */
export const fieldOrder: PostField[] = [
  'title',
  'slug',
  'contentFormat',
  'content',
  'summary',
  'authorId',
  'status',
  'publishedAt',
  'coverImage',
  'tags',
  'categories',
  'metaTitle',
  'metaDescription',
  'ogImage',
  'canonicalUrl',
];

export type FieldErrors = Partial<Record<PostField, string>>;
