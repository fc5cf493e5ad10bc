import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify';
import type { BlogPostInput, PostIdParams, PostSaveQuery, PostSlugParams } from '../../src/content/types.gen.ts';
import { auditRequest } from '../audit/index.ts';
import { signedInAdmin, signInRequired } from '../auth/index.ts';
import type { BlogContext } from './blog-context.ts';
import { adminListing, publicListing, type ListQuery } from './listing.ts';
import { toPostJson } from './post.ts';
import { postAnswer } from './post-reads.ts';
import { splitCommaSeparated } from './post-input.ts';
import { changePost, createPost, removePost, submitForReview } from './post-service.ts';
import { HttpError } from '../http/errors.ts';
import { sendAnswer } from '../http/cached-answers.ts';
import {
  createPostSchema,
  deletePostSchema,
  listPostsSchema,
  postByIdSchema,
  postBySlugSchema,
  submitForReviewSchema,
  updatePostSchema,
} from './blog-schemas.ts';
import { goneError, movedSlug, rethrowIfDeleted } from './moved-posts.ts';
import { findPostById } from './post-store.ts';
import { tellAuthorOfPublication, tellEditorsOfSubmission, type PostNoticeSending } from './post-notices.ts';
import { revisionRoutes } from './post-revision-routes.ts';

export interface BlogRoutesOptions {
  blog: BlogContext;
  /** E-mail to the team when a draft is submitted for review, and to its author when someone else publishes it. */
  notices: PostNoticeSending;
}

const writeHeaders = { 'cache-control': 'no-store' };

/** Accepts tags and categories as lists or as comma-separated text, before the schema checks them. */
const splitTermLists: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body as Record<string, unknown> | null;
  if (typeof body === 'object' && body !== null) {
    body.tags = splitCommaSeparated(body.tags);
    body.categories = splitCommaSeparated(body.categories);
  }
  done();
};

export const blogRoutes: FastifyPluginAsync<BlogRoutesOptions> = async (app, { blog, notices }) => {
  app.get<{ Querystring: ListQuery }>(
    '/',
    { schema: listPostsSchema, config: { access: 'anyone' } },
    async (request, reply) => {
      const { query } = request;
      if (request.user === null && query.status !== undefined && query.status !== 'published') {
        throw signInRequired();
      }
      return sendAnswer(blog.responses, request, reply, () =>
        request.user === null ? publicListing(blog, query) : adminListing(blog, query),
      );
    },
  );

  app.get<{ Params: PostSlugParams }>(
    '/slug/:slug',
    { schema: postBySlugSchema, config: { access: 'anyone' } },
    async (request, reply) => {
      const { slug } = request.params;
      const signedIn = request.user !== null;
      try {
        return await sendAnswer(blog.responses, request, reply, () => postAnswer(blog, { slug }, signedIn));
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        const moved = await movedSlug(blog, slug, signedIn);
        if (moved === undefined) throw error;
        if ('gone' in moved) throw goneError();
        return reply.redirect(`/api/blogs/slug/${encodeURIComponent(moved.redirectTo)}`, 301);
      }
    },
  );

  app.get<{ Params: PostIdParams }>(
    '/:id',
    { schema: postByIdSchema, config: { access: 'anyone' } },
    async (request, reply) => {
      const { id } = request.params;
      return sendAnswer(blog.responses, request, reply, () =>
        postAnswer(blog, { id }, request.user !== null).catch((error: unknown) => rethrowIfDeleted(blog, id, error)),
      );
    },
  );

  app.post<{ Body: BlogPostInput }>(
    '/',
    { schema: createPostSchema, preValidation: splitTermLists, config: { access: 'posts' } },
    async (request, reply) => {
      const post = await createPost(blog, request.body, signedInAdmin(request));
      await auditRequest(blog.db, request, blog.clock(), { action: 'post-create', target: post.id });
      return reply
        .code(201)
        .headers({ ...writeHeaders, location: `/api/blogs/${post.id}` })
        .send(toPostJson(post));
    },
  );

  app.put<{ Params: PostIdParams; Body: BlogPostInput; Querystring: PostSaveQuery }>(
    '/:id',
    { schema: updatePostSchema, preValidation: splitTermLists, config: { access: 'posts' } },
    async (request, reply) => {
      const { reason = 'save', revision } = request.query;
      const editor = signedInAdmin(request);
      // Only a save that publishes can be the one to tell the author of.
      const before = request.body.status === 'published' ? await findPostById(blog.db, request.params.id) : undefined;
      const post = await changePost(blog, request.params.id, request.body, {
        editor,
        reason,
        restoredRevision: revision,
      });
      if (before !== undefined && before.status !== 'published' && post.status === 'published') {
        await tellAuthorOfPublication(blog.db, notices, post, editor, blog.clock());
      }
      await auditRequest(blog.db, request, blog.clock(), { action: 'post-update', target: post.id });
      return reply.headers(writeHeaders).send(toPostJson(post));
    },
  );

  await app.register(revisionRoutes, { blog });

  app.delete<{ Params: PostIdParams }>(
    '/:id',
    { schema: deletePostSchema, config: { access: 'posts' } },
    async (request, reply) => {
      await removePost(blog, request.params.id, signedInAdmin(request));
      await auditRequest(blog.db, request, blog.clock(), { action: 'post-delete', target: request.params.id });
      return reply.code(204).send();
    },
  );

  app.post<{ Params: PostIdParams }>(
    '/:id/review',
    { schema: submitForReviewSchema, config: { access: 'posts' } },
    async (request, reply) => {
      const writer = signedInAdmin(request);
      // A draft submitted again while it waits tells the editors nothing new.
      const waiting = (await findPostById(blog.db, request.params.id))?.reviewRequestedAt ?? null;
      const post = await submitForReview(blog, request.params.id, writer);
      if (waiting === null) await tellEditorsOfSubmission(blog.db, notices, post, writer, blog.clock());
      await auditRequest(blog.db, request, blog.clock(), { action: 'post-submit-for-review', target: post.id });
      return reply.headers(writeHeaders).send(toPostJson(post));
    },
  );
};
