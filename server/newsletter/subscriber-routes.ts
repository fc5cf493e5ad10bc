import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SubscriberInput } from '../../src/content/types.gen.ts';
import { returnToField } from '../../src/domain/lead-form-fields.ts';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import { addressOf, htmlOrError, noStore, refuseOverLimit, refuseProblems, wantsPage } from '../forms/index.ts';
import { emptyResponse, schemaRef } from '../http/api-schemas.ts';
import { HttpError, validationDetails } from '../http/errors.ts';
import { acceptPlainForms, answerRefusedForm, type FormPages } from '../leads/index.ts';
import { heldSignupPage, sendNotice } from './newsletter-pages.ts';
import {
  heldFormToken,
  newsletterForm,
  subscribe,
  subscriberProblems,
  type NewsletterContext,
} from './subscriptions.ts';

export interface SubscriberRouteOptions {
  newsletter: NewsletterContext;
  formPages: FormPages;
}

/** Where a signup sent without JavaScript goes once accepted. */
export const checkYourInboxRoute = '/newsletter/check-your-inbox';

/**
 * POST /api/subscribers, for anyone: JSON from the site's script or a plain form post, always answered alike whether
 * the address was known or not (202, or 303 to the page that says to check the inbox).
 */
export const subscriberRoutes: FastifyPluginAsync<SubscriberRouteOptions> = async (app, { newsletter, formPages }) => {
  const { intake } = newsletter;
  acceptPlainForms(app);

  /** The held signup's page: what was typed and where the visit came from, with a token that the button sends. */
  function heldPage(request: FastifyRequest<{ Body: SubscriberInput }>, reply: FastifyReply, again: boolean) {
    const { email, name, attribution, consentVersion } = request.body;
    const fields: Record<string, string> = {
      email,
      consent: 'yes',
      formToken: heldFormToken(intake, intake.clock()),
    };
    if (name) fields.name = name;
    if (consentVersion) fields.consentVersion = consentVersion;
    const returnTo = request.plainForm?.returnTo;
    if (returnTo) fields[returnToField] = returnTo;
    for (const [field, value] of Object.entries(attribution ?? {})) fields[`attribution.${field}`] = value;
    return sendNotice(formPages, reply, 202, heldSignupPage(fields, again));
  }

  app.post<{ Body: SubscriberInput }>(
    '/subscribers',
    {
      schema: {
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: schemaRef('subscriber-input.schema.json'),
        response: {
          202: {
            description:
              'Received, whether or not the address was known: a confirmation link is e-mailed unless it needs none. A form sent without JavaScript and without a form token gets a page whose one button sends it with one.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['message'],
                  properties: { message: { type: 'string', description: 'What happens next, in words.' } },
                },
              },
              'text/html': { schema: { type: 'string' } },
            },
          },
          303: emptyResponse(
            `From a form sent without JavaScript: received, ${checkYourInboxRoute} is at Location; refused, Location is the form's page showing its problems.`,
          ),
          400: htmlOrError('A field is missing or malformed: one detail per field.', 'The form page'),
          403: schemaRef('api-error.schema.json', 'Sent from another site.'),
          413: htmlOrError('The body is larger than allowed.', 'The form page'),
          415: htmlOrError('Not a JSON or form body.', 'The form page'),
          429: htmlOrError('Too many posts from this address; Retry-After says when to try again.', 'The form page'),
        },
      },
      attachValidation: true,
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      try {
        await refuseOverLimit(intake, newsletterForm, addressOf(request), intake.clock());
        if (request.validationError) refuseProblems(validationDetails(request.validationError.validation));
        refuseProblems(subscriberProblems(request.body, intake.facts));
        const plainFormPost = request.plainForm !== null && wantsPage(request);
        const outcome = await subscribe(newsletter, request.body, { address: addressOf(request), plainFormPost });
        if (outcome === 'held' || outcome === 'too-fast') return heldPage(request, reply, outcome === 'too-fast');
        if (wantsPage(request)) {
          return reply
            .code(303)
            .headers({ ...noStore, location: checkYourInboxRoute })
            .send();
        }
        return reply.code(202).headers(noStore).send({
          message:
            'Thank you. If this address can subscribe, a confirmation link is on its way: open it within 48 hours.',
        });
      } catch (error) {
        if (!(error instanceof HttpError) || !wantsPage(request)) throw error;
        const values = request.plainForm?.values ?? {};
        const state: LeadFormState = { form: 'newsletter', values, errors: error.details, message: error.message };
        const page = request.plainForm?.returnTo ?? '/blog';
        return answerRefusedForm({ db: intake.db, clock: intake.clock, formPages }, reply, error, page, state);
      }
    },
  );
};
