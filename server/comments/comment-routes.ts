import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type {
  CommentBulkUpdate,
  CommentInput,
  CommentListQuery,
  CommentRecord,
  CommentReply,
  CommentUpdate,
} from '../../src/content/types.gen.ts';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import {
  acceptComment,
  readCommentOr404,
  readersComments,
  commentForm,
  type CommentContext,
} from './comment-intake.ts';
import { moderateComments, replyAsAgency, turnIntoEnquiry } from './comment-moderation.ts';
import { commentFormFields, commentPagePath } from './comment-form-fields.ts';
import {
  addressOf,
  formBodyLimit,
  htmlOrError,
  noStore,
  refuseOverLimit,
  refuseProblems,
  wantsPage,
} from '../forms/index.ts';
import { jsonAnswer } from '../http/answer.ts';
import { emptyResponse, errorResponses, readSchemaFiles, schemaRef } from '../http/api-schemas.ts';
import { repositoryRoot } from '../repository-root.ts';
import { sendAnswer } from '../http/cached-answers.ts';
import { HttpError, validationDetails } from '../http/errors.ts';
import { publicReadHeaders } from '../blog/index.ts';
import { answerRefusedForm, type FormPages } from '../leads/index.ts';
import { listComments } from './comment-store.ts';
import { can } from '../../src/domain/team-permissions.ts';

export interface CommentRoutesOptions {
  comments: CommentContext;
  formPages: FormPages;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A comment form sent without JavaScript: what was typed. */
    plainCommentForm: Record<string, string> | null;
  }
}

/**
 * PublicComment[] of schemas/comment.schema.json, written out: its replies refer to the definition itself, which the
 * OpenAPI document cannot name. Replies are one level deep, so one level is written.
 */
const schemaFiles = readSchemaFiles(join(repositoryRoot, 'schemas'));
const commentSchema = schemaFiles['comment.schema.json'] as {
  $defs: { publicComment: { properties: Record<string, object> }; commentStatus: object };
};
/**
 * The queue's query with the status written out: the OpenAPI document turns a query's properties into parameters
 * and cannot follow a reference into another schema's $defs from there.
 */
const {
  $id: _id,
  $schema: _schema,
  ...listQuery
} = schemaFiles['comment-list-query.schema.json'] as {
  $id: string;
  $schema: string;
  properties: Record<string, object>;
};
const listQuerySchema = {
  ...listQuery,
  properties: { ...listQuery.properties, status: { ...commentSchema.$defs.commentStatus, title: undefined } },
};
const publicComment = commentSchema.$defs.publicComment;
const { replies: _replies, ...replyProperties } = publicComment.properties;
const publicThreadsSchema = {
  type: 'array',
  description: "The post's approved comments, conversations oldest first, each with its approved replies.",
  items: {
    ...publicComment,
    properties: {
      ...publicComment.properties,
      replies: { type: 'array', items: { ...publicComment, properties: replyProperties } },
    },
  },
};

const postIdParams = schemaRef('api/post-id-params.schema.json');
const commentIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100, description: 'The comment.' } },
};

const postPage = 'The post page';

/** Commenters' e-mail addresses are personal data: only roles that handle leads get them (`hasEmail` tells the rest). */
const seesEmails = (request: FastifyRequest): boolean => request.user !== null && can(request.user.role, 'leads');
function forViewer(request: FastifyRequest, record: CommentRecord): CommentRecord {
  if (seesEmails(request)) return record;
  const { authorEmail: _email, ...withoutEmail } = record;
  return withoutEmail;
}

/**
 * Comments: readers' comments on a post (anyone: the approved ones to read, a new one to send, JSON or a plain form
 * post) and the moderation queue (the `comments` permission): list, change the status of one or many, answer as the
 * agency, turn one into an enquiry.
 */
export const commentRoutes: FastifyPluginAsync<CommentRoutesOptions> = async (app, { comments, formPages }) => {
  const { db } = comments;
  app.decorateRequest('plainCommentForm', null);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: formBodyLimit },
    (request, body, done) => {
      const { input, values } = commentFormFields(new URLSearchParams(body as string));
      request.plainCommentForm = values;
      done(null, input);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/blogs/:id/comments',
    {
      schema: {
        params: postIdParams,
        response: {
          200: publicThreadsSchema,
          ...errorResponses(404),
        },
      },
      config: { access: 'anyone' },
    },
    async (request, reply) =>
      sendAnswer(comments.responses, request, reply, async () =>
        jsonAnswer(await readersComments(comments, request.params.id), publicReadHeaders),
      ),
  );

  async function answerRefusal(
    request: FastifyRequest,
    reply: FastifyReply,
    postId: string,
    error: unknown,
  ): Promise<FastifyReply> {
    if (!(error instanceof HttpError) || !wantsPage(request) || error.statusCode === 404) throw error;
    const state: LeadFormState = {
      form: commentForm,
      values: request.plainCommentForm ?? {},
      errors: error.details,
      message: error.message,
    };
    const page = (await commentPagePath(db, postId)) ?? '/blog';
    return answerRefusedForm({ db, clock: comments.clock, formPages }, reply, error, page, state, `${page}#comments`);
  }

  app.post<{ Params: { id: string }; Body: CommentInput }>(
    '/blogs/:id/comments',
    {
      schema: {
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: postIdParams,
        body: schemaRef('comment-input.schema.json'),
        response: {
          201: {
            description:
              'Received: approved at once for a commenter approved before, otherwise waiting for moderation.',
            type: 'object',
            additionalProperties: false,
            required: ['_id', 'published'],
            properties: {
              _id: { type: 'string', description: 'The comment.' },
              published: { type: 'boolean', description: 'Whether readers see it already.' },
            },
          },
          303: emptyResponse(
            "From a form sent without JavaScript: received, back to the post at its comments; refused, back to the post's form showing its problems and what was typed.",
          ),
          400: htmlOrError('A field is missing or malformed, or the comment answered cannot be answered.', postPage),
          403: schemaRef('api-error.schema.json', 'Sent from another site.'),
          404: schemaRef('api-error.schema.json', 'No published post has this id.'),
          409: htmlOrError('Comments on this post are closed.', postPage),
          413: htmlOrError('The body is larger than allowed.', postPage),
          415: htmlOrError('Not a JSON or form body.', postPage),
          429: htmlOrError('Too many posts from this address; Retry-After says when to try again.', postPage),
        },
      },
      attachValidation: true,
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      const postId = request.params.id;
      try {
        await refuseOverLimit(comments, commentForm, addressOf(request), comments.clock());
        if (request.validationError) refuseProblems(validationDetails(request.validationError.validation));
        const row = await acceptComment(comments, postId, request.body, {
          address: addressOf(request),
          plainFormPost: request.plainCommentForm !== null,
        });
        // Spam is answered as a comment waiting for moderation: its sender learns nothing.
        const published = row.status === 'approved';
        if (wantsPage(request)) {
          const page = (await commentPagePath(db, postId)) ?? '/blog';
          return reply
            .code(303)
            .headers({ ...noStore, location: `${page}?comment=${published ? 'published' : 'received'}#comments` })
            .send();
        }
        return reply.code(201).headers(noStore).send({ _id: row.id, published });
      } catch (error) {
        return answerRefusal(request, reply, postId, error);
      }
    },
  );

  app.get<{ Querystring: CommentListQuery & { limit: number; offset: number } }>(
    '/comments',
    {
      schema: {
        querystring: listQuerySchema,
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
