import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Notice } from '../../src/entry-server.tsx';
import { isSameOrigin } from '../auth/index.ts';
import { addressOf } from '../forms/index.ts';
import { emptyResponse } from '../http/api-schemas.ts';
import type { FormPages } from '../leads/index.ts';
import {
  confirmedPage,
  crossSitePage,
  expiredConfirmationPage,
  invalidLinkPage,
  notOneClickPage,
  sendNotice,
  subscribeFromFormPage,
  testUnsubscribePage,
  testUnsubscribeToken,
  unsubscribedPage,
  unsubscribeQuestionPage,
  usedConfirmationPage,
} from './newsletter-pages.ts';
import { checkYourInboxRoute } from './subscriber-routes.ts';
import { confirmSubscription, type NewsletterContext } from './subscriptions.ts';
import { readUnsubscribeToken } from './subscriber-tokens.ts';
import { resubscribe, unsubscribe } from './unsubscribing.ts';

const tokenQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 500, description: 'The token of the e-mailed link.' } },
};

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** RFC 8058: a mail client's one-click unsubscribe posts this pair, as a form or as multipart form data. */
const oneClick = (body: string): boolean =>
  /(?:^|&)List-Unsubscribe=One-Click(?:&|$)/.test(body) || /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(body);

interface TokenRequest {
  Querystring: { token?: string };
  /** A form's text; any other body (JSON, parsed by the app's own parser) is no one-click pair. */
  Body: unknown;
}

/**
 * The newsletter's pages for readers: /newsletter/confirm (the double opt-in link), /newsletter/unsubscribe (GET a page
 * with one button; POST, as RFC 8058's one click, unsubscribes at once, with no sign-in and no cookie) and
 * /newsletter/resubscribe (its page's "Subscribe again").
 */
export const newsletterPageRoutes: FastifyPluginAsync<{ newsletter: NewsletterContext; pages?: FormPages }> = async (
  app,
  { newsletter, pages },
) => {
  const { brandName } = newsletter.intake.facts;
  const trustedOrigins = new Set([newsletter.intake.origin]);
  /**
   * The API's same-origin rule; and a browser posting from a page of ours that says `Referrer-Policy: no-referrer` (the
   * unsubscribed page) sends `Origin: null`, with `Sec-Fetch-Site: same-origin`, which no other site can send.
   */
  const fromThisSite = (request: FastifyRequest) =>
    isSameOrigin(request, trustedOrigins) ||
    (request.headers.origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin');
  // A page acting on a token is never kept, and its address (which holds the token) is never sent on.
  const send = (reply: FastifyReply, status: number, notice: Notice) => sendNotice(pages, reply, status, notice);
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }

  app.get<TokenRequest>(
    '/newsletter/confirm',
    {
      schema: {
        querystring: tokenQuery,
        response: {
          200: htmlPage('Confirmed: the subscriber is active.'),
          400: htmlPage('Not a link this site made.'),
          409: htmlPage('Used already, or replaced by a newer link.'),
          410: htmlPage('Older than 48 hours, or never confirmed and deleted.'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await confirmSubscription(newsletter, request.query.token);
      if (outcome === 'confirmed') return send(reply, 200, confirmedPage(brandName));
      if (outcome === 'used') return send(reply, 409, usedConfirmationPage());
      if (outcome === 'expired') return send(reply, 410, expiredConfirmationPage());
      return send(reply, 400, invalidLinkPage());
    },
  );

  app.get<TokenRequest>(
    '/newsletter/unsubscribe',
    {
      schema: {
        querystring: tokenQuery,
        response: {
          200: htmlPage('A page with one button that unsubscribes; nothing changes until it is pressed.'),
          400: htmlPage('Not a link this site made.'),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (token === testUnsubscribeToken) return send(reply, 200, testUnsubscribePage(brandName));
      if (readUnsubscribeToken(newsletter.key, token) === null) return send(reply, 400, invalidLinkPage());
      return send(reply, 200, unsubscribeQuestionPage(brandName, token!));
    },
  );

  app.post<TokenRequest>(
    '/newsletter/unsubscribe',
    {
      // A mail client posts it from anywhere, with no session (RFC 8058): the signed token is the permission.
      config: { access: 'anyone' },
      schema: {
        querystring: tokenQuery,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        response: {
          200: htmlPage('Unsubscribed, at once: no message of any send goes to the address after this.'),
          400: htmlPage('Not a link this site made, or the body is not List-Unsubscribe=One-Click.'),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (typeof request.body !== 'string' || !oneClick(request.body)) return send(reply, 400, notOneClickPage());
      if ((await unsubscribe(newsletter, token)) === 'invalid') return send(reply, 400, invalidLinkPage());
      return send(reply, 200, unsubscribedPage(brandName, token!, newsletter.intake.facts.newsletterConsentText));
    },
  );

  app.post<TokenRequest>(
    '/newsletter/resubscribe',
    {
      // Outside the API's guard: the same-origin rule every form of the site follows is checked here.
      config: { access: 'anyone' },
      schema: {
        querystring: tokenQuery,
        response: {
          303: emptyResponse(
            `A new confirmation link is e-mailed, unless one went out in the last ten minutes or the signup's caps are reached; ${checkYourInboxRoute} is at Location. The reader stays unsubscribed until the link is opened.`,
          ),
          400: htmlPage('Not a link this site made.'),
          403: htmlPage('Sent from another site: nothing was done.'),
          409: htmlPage('The subscriber was erased: it must subscribe from the form.'),
        },
      },
    },
    async (request, reply) => {
      if (!fromThisSite(request)) return send(reply, 403, crossSitePage());
      const outcome = await resubscribe(newsletter, request.query.token, addressOf(request));
      if (outcome === 'asked') {
        return reply
          .code(303)
          .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', location: checkYourInboxRoute })
          .send();
      }
      if (outcome === 'subscribe-again') return send(reply, 409, subscribeFromFormPage());
      return send(reply, 400, invalidLinkPage());
    },
  );
};
