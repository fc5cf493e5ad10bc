import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { NewsletterSendRequest } from '../../src/content/types.gen.ts';
import { auditRequest, type AuditAction } from '../audit/index.ts';
import { signedInAdmin } from '../auth/index.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';
import { emailPreviewContentSecurityPolicy } from '../http/security-headers.ts';
import {
  changeSend,
  previewNewsletter,
  sendPost,
  sendProgress,
  sendTest,
  type NewsletterSending,
} from './newsletter-sends.ts';

// What a send says is for the team only, and changes every second.
const noStore = { 'cache-control': 'no-store' };
const postParams = schemaRef('api/post-id-params.schema.json');
const sendParams = schemaRef('api/newsletter-id-params.schema.json');
const sendAnswer = schemaRef('api/newsletter-send.schema.json');
const accepted = {
  type: 'object',
  additionalProperties: false,
  required: ['_id'],
  properties: { _id: { type: 'string', description: 'The send, to follow at GET /api/newsletters/{id}.' } },
};

/**
 * Sending a published post to the newsletter (editors and above, permission `newsletter`): its preview, the one send
 * of it or a test to oneself, a send's progress, and pausing, resuming or cancelling it; each change is audited.
 */
export const newsletterSendRoutes: FastifyPluginAsync<{ sending: NewsletterSending }> = async (app, { sending }) => {
  const audit = (request: FastifyRequest, action: AuditAction, postId: string) =>
    auditRequest(sending.db, request, sending.clock(), { action, target: postId });

  app.get<{ Params: { id: string } }>(
    '/blogs/:id/newsletter',
    {
      schema: {
        params: postParams,
        response: { 200: schemaRef('api/newsletter-preview.schema.json'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: 'newsletter' },
    },
    async (request, reply) => reply.headers(noStore).send(await previewNewsletter(sending, request.params.id)),
  );

  // The one HTML document of the API: the e-mail itself, for the editor's frame, under a policy of its own.
  app.get<{ Params: { id: string } }>(
    '/blogs/:id/newsletter/preview',
    {
      schema: {
        params: postParams,
        response: {
          200: {
            description:
              'The e-mail as a document, for a frame of the admin: its inline styles apply, no script runs in it.',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      config: { access: 'newsletter' },
    },
    async (request, reply) => {
      const { html } = await previewNewsletter(sending, request.params.id);
      return reply
        .headers({ ...noStore, 'content-security-policy': emailPreviewContentSecurityPolicy })
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.post<{ Params: { id: string }; Body: NewsletterSendRequest | undefined }>(
    '/blogs/:id/newsletter',
    {
      schema: {
        params: postParams,
        body: schemaRef('api/newsletter-send-request.schema.json'),
        response: { 202: accepted, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: 'newsletter' },
    },
    async (request, reply) => {
      const user = signedInAdmin(request);
      const postId = request.params.id;
      const send =
        request.body?.testTo === 'me'
          ? await sendTest(sending, postId, { id: user.id, email: user.email })
          : await sendPost(sending, postId, user.email);
      await audit(request, request.body?.testTo === 'me' ? 'post-newsletter-test' : 'post-newsletter-send', postId);
      return reply.code(202).headers(noStore).send({ _id: send.id });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/newsletters/:id',
    {
      schema: { params: sendParams, response: { 200: sendAnswer, ...errorResponses(400, 401, 403, 404) } },
      config: { access: 'newsletter' },
    },
    async (request, reply) => reply.headers(noStore).send(await sendProgress(sending, request.params.id)),
  );

  for (const change of ['pause', 'resume', 'cancel'] as const) {
    app.post<{ Params: { id: string } }>(
      `/newsletters/:id/${change}`,
      {
        schema: { params: sendParams, response: { 200: sendAnswer, ...errorResponses(400, 401, 403, 404, 409) } },
        config: { access: 'newsletter' },
      },
      async (request, reply) => {
        const send = await changeSend(sending, request.params.id, change);
        await audit(request, `post-newsletter-${change}`, send.post_id);
        return reply.headers(noStore).send(await sendProgress(sending, send.id));
      },
    );
  }
};
