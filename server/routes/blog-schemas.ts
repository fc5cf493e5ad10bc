/** Schemas of the blog routes' URLs; bodies use schemas/blog-post.schema.json. */
export const postBodySchema = { $ref: 'blog-post.schema.json' };

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
};

export const slugParamsSchema = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', minLength: 1, maxLength: 200 } },
};

export const listQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    tag: { type: 'string', minLength: 1, maxLength: 60 },
    category: { type: 'string', minLength: 1, maxLength: 60 },
    q: { type: 'string', maxLength: 200 },
    status: { enum: ['draft', 'published', 'archived', 'all'] },
  },
};
