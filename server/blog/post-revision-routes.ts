import type { FastifyPluginAsync } from 'fastify';
import type {
  BlogPostRevision,
  BlogPostRevisionSummary,
  PostIdParams,
  RevisionParams,
} from '../../src/content/types.gen.ts';
import type { BlogContext } from './blog-context.ts';
import { HttpError } from '../http/errors.ts';
import { findPostById } from './post-store.ts';
import { findRevision, listRevisions } from './revision-store.ts';
import { listRevisionsSchema, revisionSchema } from './blog-schemas.ts';

export interface RevisionRoutesOptions {
  blog: BlogContext;
}

const noStore = { 'cache-control': 'no-store' };

/** The saved versions of a post, for its editor's History: GET /api/blogs/{id}/revisions[/{revisionId}]. */
export const revisionRoutes: FastifyPluginAsync<RevisionRoutesOptions> = async (app, { blog }) => {
  app.get<{ Params: PostIdParams }>(
    '/:id/revisions',
    { schema: listRevisionsSchema, config: { access: 'posts' } },
    async (request, reply) => {
      if (!(await findPostById(blog.db, request.params.id))) throw new HttpError(404, 'No blog post has this id.');
      const revisions = await listRevisions(blog.db, request.params.id);
      const body: BlogPostRevisionSummary[] = revisions.map(({ id, createdAt, author, reason, kind, title }) => ({
        _id: id,
        createdAt,
        author,
        reason,
        kind,
        title,
      }));
      return reply.headers(noStore).send(body);
    },
  );

  app.get<{ Params: RevisionParams }>(
    '/:id/revisions/:revisionId',
    { schema: revisionSchema, config: { access: 'posts' } },
    async (request, reply) => {
      const { id, revisionId } = request.params;
      const revision = await findRevision(blog.db, id, revisionId);
      if (!revision) throw new HttpError(404, 'This post has no revision with that id.');
      const body: BlogPostRevision = {
        _id: revision.id,
        postId: revision.postId,
        createdAt: revision.createdAt,
        author: revision.author,
        reason: revision.reason,
        kind: revision.kind,
        title: revision.title,
        post: revision.post,
      };
      return reply.headers(noStore).send(body);
    },
  );
};
