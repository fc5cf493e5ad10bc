import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {
  CommentBulkUpdate,
  CommentListQuery,
  CommentRecord,
  CommentReply,
  CommentUpdate,
} from '../../src/content/types.gen.ts';
import { can } from '../../src/domain/team-permissions.ts';
import { noStore } from '../forms/index.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';
import { readCommentOr404, type CommentContext } from './comment-intake.ts';
import { moderateComments, replyAsAgency, turnIntoEnquiry } from './comment-moderation.ts';
import { commentListQuerySchema } from './comment-route-schemas.ts';
import { listComments } from './comment-store.ts';

export interface CommentModerationRoutesOptions {
  comments: CommentContext;
}

const commentIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100, description: 'The comment.' } },
};

/** Commenters' e-mail addresses are personal data: only roles that handle leads get them (`hasEmail` tells the rest). */
const seesEmails = (request: FastifyRequest): boolean => request.user !== null && can(request.user.role, 'leads');
function forViewer(request: FastifyRequest, record: CommentRecord): CommentRecord {
  if (seesEmails(request)) return record;
  const { authorEmail: _email, ...withoutEmail } = record;
  return withoutEmail;
}

/**
 * The moderation queue of readers' comments (the `comments` permission): list, change the status of one or many,
 * answer as the agency, turn one into an enquiry. The readers' side is comment-routes.ts.
 */
export const commentModerationRoutes: FastifyPluginAsync<CommentModerationRoutesOptions> = async (
  app,
  { comments },
) => {
  const { db } = comments;
  app.get<{ Querystring: CommentListQuery & { limit: number; offset: number } }>(
    '/comments',
    {
      schema: {
        querystring: commentListQuerySchema,
        response: {
          200: { type: 'array', items: schemaRef('comment.schema.json') },
          ...errorResponses(400, 401, 403),
        },
      },
      config: { access: 'comments' },
    },
    async (request, reply) => {
      const { status = 'pending', postId, q, limit, offset } = request.query;
      const filter = { status, postId, q: q?.trim() || undefined, searchEmails: seesEmails(request) };
      const page = await listComments(db, filter, { limit, offset });
      return reply
        .headers({ ...noStore, 'x-total-count': String(page.total) })
        .send(page.comments.map((comment) => forViewer(request, comment)));
    },
  );

  app.patch<{ Params: { id: string }; Body: CommentUpdate }>(
    '/comments/:id',
    {
      schema: {
        params: commentIdParams,
        body: schemaRef('comment-update.schema.json'),
        response: { 200: schemaRef('comment.schema.json'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'comments' },
    },
    async (request, reply) => {
      await readCommentOr404(db, request.params.id);
      await moderateComments(comments, request, [request.params.id], request.body.status);
      return reply.headers(noStore).send(forViewer(request, await readCommentOr404(db, request.params.id)));
    },
  );

  app.post<{ Body: CommentBulkUpdate }>(
    '/comments/bulk',
    {
      schema: {
        body: schemaRef('comment-bulk-update.schema.json'),
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['changed'],
            properties: {
              changed: {
                type: 'array',
                items: { type: 'string' },
                description: 'The comments whose status changed; unknown ones and those already in it are left out.',
              },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
      config: { access: 'comments' },
    },
    async (request, reply) => {
      const changed = await moderateComments(comments, request, request.body.ids, request.body.status);
      return reply.headers(noStore).send({ changed });
    },
  );

  app.post<{ Params: { id: string }; Body: CommentReply }>(
    '/comments/:id/replies',
    {
      schema: {
        params: commentIdParams,
        body: schemaRef('comment-reply.schema.json'),
        response: { 201: schemaRef('comment.schema.json'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'comments' },
    },
    async (request, reply) => {
      const record = await replyAsAgency(comments, request, request.params.id, request.body.text);
      return reply.code(201).headers(noStore).send(forViewer(request, record));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/comments/:id/enquiry',
    {
      schema: {
        params: commentIdParams,
        response: {
          201: {
            type: 'object',
            additionalProperties: false,
            required: ['leadId'],
            properties: { leadId: { type: 'string', description: 'The enquiry made, in the Inbox.' } },
          },
          ...errorResponses(401, 403, 404, 409),
        },
      },
      config: { access: 'comments' },
    },
    async (request, reply) => {
      const made = await turnIntoEnquiry(comments, request, request.params.id);
      return reply
        .code(201)
        .headers({ ...noStore, location: `/api/leads/${made.leadId}` })
        .send(made);
    },
  );
};
