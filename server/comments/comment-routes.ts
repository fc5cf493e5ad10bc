import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CommentInput } from '../../src/content/types.gen.ts';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import { acceptComment, readersComments, commentForm, type CommentContext } from './comment-intake.ts';
import { commentFormFields, commentPagePath } from './comment-form-fields.ts';
import { publicThreadsSchema } from './comment-route-schemas.ts';
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
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';
import { sendAnswer } from '../http/cached-answers.ts';
import { HttpError, validationDetails } from '../http/errors.ts';
import { publicReadHeaders } from '../blog/index.ts';
import { answerRefusedForm, type FormPages } from '../leads/index.ts';

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

const postIdParams = schemaRef('api/post-id-params.schema.json');
const postPage = 'The post page';

/**
 * Readers' comments on a post (anyone): the approved ones to read, and a new one to send, as JSON or as a plain form
 * post. The moderation queue is comment-moderation-routes.ts.
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
};
