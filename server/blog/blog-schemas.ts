/** Route schemas of /api/blogs, built from schemas/: what each route takes and every answer it gives. */
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';

const post = schemaRef('blog-post-record.schema.json', 'The post.');
const postBody = schemaRef('blog-post.schema.json');
const idParams = schemaRef('api/post-id-params.schema.json');
const notModified = { 304: emptyResponse('Not Modified: the copy the client holds (If-None-Match) is current.') };

export const listPostsSchema = {
  summary: 'List posts',
  description:
    'Published posts, newest first; admins also see drafts and archived posts. The total is in X-Total-Count, ' +
    'the next and previous pages in Link.',
  tags: ['blogs'],
  querystring: schemaRef('api/blog-list-query.schema.json'),
  response: {
    200: { type: 'array', items: schemaRef('blog-post-record.schema.json'), description: 'A page of posts.' },
    ...notModified,
    ...errorResponses(400, 401, 500),
  },
};

export const postBySlugSchema = {
  summary: 'Read a post by its slug',
  tags: ['blogs'],
  params: schemaRef('api/post-slug-params.schema.json'),
  response: {
    200: post,
    301: emptyResponse('Moved: the post has a new slug (Location).'),
    ...notModified,
    ...errorResponses(400, 404, 410, 500),
  },
};

export const postByIdSchema = {
  summary: 'Read a post by its identifier',
  tags: ['blogs'],
  params: idParams,
  response: { 200: post, ...notModified, ...errorResponses(400, 404, 410, 500) },
};

export const createPostSchema = {
  summary: 'Create a post',
  description:
    'Any member of the team (permission `posts`); publishing needs `posts:publish` (403 naming it). The writer ' +
    'becomes the author. Answers 201 with the post and its address in Location.',
  tags: ['blogs'],
  body: postBody,
  response: { 201: post, ...errorResponses(400, 401, 403, 409, 413, 415, 500) },
};

export const updatePostSchema = {
  summary: 'Change a post',
  description:
    "Needs `posts` for one's own draft, `posts:own` for one's own published post, `posts:others` for another " +
    "person's, and `posts:publish` to publish (403 naming the permission). Every save keeps a revision; `reason=autosave` changes only a draft that stays a draft (409 " +
    'otherwise), `reason=restore&revision=…` saves one of its revisions again.',
  tags: ['blogs'],
  params: idParams,
  querystring: schemaRef('api/post-save-query.schema.json'),
  body: postBody,
  response: { 200: post, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500) },
};

export const deletePostSchema = {
  summary: 'Delete a post',
  description: 'The same permissions as changing it.',
  tags: ['blogs'],
  params: idParams,
  response: { 204: emptyResponse('Deleted.'), ...errorResponses(400, 401, 403, 404, 413, 415, 500) },
};

export const listRevisionsSchema = {
  summary: 'List the revisions of a post',
  description: 'Any member of the team. Newest first; the 25 newest are kept.',
  tags: ['revisions'],
  params: idParams,
  response: {
    200: { type: 'array', items: schemaRef('blog-post-revision-summary.schema.json'), description: 'Revisions.' },
    ...errorResponses(400, 401, 404, 500),
  },
};

export const revisionSchema = {
  summary: 'Read one revision of a post',
  tags: ['revisions'],
  params: schemaRef('api/revision-params.schema.json'),
  response: {
    200: schemaRef('blog-post-revision.schema.json', 'The revision.'),
    ...errorResponses(400, 401, 404, 500),
  },
};

export const submitForReviewSchema = {
  summary: 'Submit a draft for review',
  description:
    "Marks one's own draft as waiting for an editor (`reviewRequestedAt`), who sees it in the dashboard; what a " +
    'contributor does instead of publishing. 409 for a post that is not a draft.',
  tags: ['blogs'],
  params: idParams,
  response: { 200: post, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500) },
};
