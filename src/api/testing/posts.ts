import type { BlogPost } from '@/content/types.gen.ts';

/** A published post as the API returns it; override any field. */
export function aPost(fields: Partial<BlogPost> = {}): BlogPost {
  const slug = fields.slug ?? 'seo-that-compounds';
  return {
    _id: `id-${slug}`,
    title: 'SEO that compounds',
    slug,
    content: '<p>Search is a growth system.</p>',
    contentFormat: 'html',
    html: '<p>Search is a growth system.</p>',
    summary: 'How to treat search as a growth system.',
    tags: ['seo', 'growth'],
    categories: ['Marketing'],
    coverImage: '/images/articles/seo-for-bussiness.svg',
    metaTitle: null,
    metaDescription: null,
    ogImage: null,
    canonicalUrl: null,
    publishedAt: '2025-03-05T10:00:00.000Z',
    status: 'published',
    author: 'Northbeam Admin',
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-05T10:00:00.000Z',
    ...fields,
  };
}
