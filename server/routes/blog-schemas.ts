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

const errorResponse = { $ref: 'api-error.schema.json' };

export const saveQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    reason: {
      enum: ['save', 'autosave', 'restore'],
      default: 'save',
      description: 'save (default), autosave (drafts only: 409 otherwise) or restore (with revision).',
    },
    revision: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'With reason=restore: the revision saved again.',
    },
  },
};

export const revisionParamsSchema = {
  type: 'object',
  required: ['id', 'revisionId'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100 },
    revisionId: { type: 'string', minLength: 1, maxLength: 100 },
  },
};

export const revisionListResponses = {
  200: { type: 'array', items: { $ref: 'blog-post-revision-summary.schema.json' } },
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
};

export const revisionResponses = {
  200: { $ref: 'blog-post-revision.schema.json' },
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
};
