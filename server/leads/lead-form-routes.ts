import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationInput, EnquiryInput, LeadType } from '../../src/content/types.gen.ts';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import {
  addressOf,
  formBodyLimit,
  type FormIntake,
  htmlOrError,
  issueFormToken,
  noStore,
  refuseOverLimit,
  refuseProblems,
  sendRefusalPage,
  timeTrapOf,
  wantsPage,
} from '../forms/index.ts';
import { emptyResponse, schemaRef } from '../http/api-schemas.ts';
import { HttpError, validationDetails } from '../http/errors.ts';
import { readApplicationParts } from './application-parts.ts';
import { maxCvBytes } from './cv-file.ts';
import { formFieldsToInput, refererPath } from '../../src/domain/lead-form-fields.ts';
import { campaignTag, utmParameters } from '../../src/domain/traffic-source.ts';
import { answerRefusedForm, bareRefusalPage, type FormPages } from './form-refusal.ts';
import { confirmationPage, confirmationToken, confirmLead } from './lead-confirmation.ts';
import { acceptLead, applicationProblems, enquiryProblems, type AcceptedLead } from './lead-intake.ts';

export interface LeadFormOptions {
  intake: FormIntake;
  formPages: FormPages;
}

interface PlainForm {
  values: Record<string, string>;
  returnTo: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A form sent without JavaScript: what was typed and the page it came from. */
    plainForm: PlainForm | null;
  }
}

const formPage = 'The form page';

const acceptedResponses = {
  201: {
    description: 'Received.',
    type: 'object',
    additionalProperties: false,
    required: ['_id'],
    properties: { _id: { type: 'string', description: 'The lead.' } },
  },
  202: {
    description:
      'A form sent without JavaScript and without a form token: received but held, and answered with a page whose button confirms it (POST /api/lead-confirmations).',
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  303: emptyResponse(
    "From a form sent without JavaScript: received, the thank-you page is at Location; refused, Location is the form's page showing its problems and what was typed.",
  ),
  400: htmlOrError('A field is missing or malformed: one detail per field.', formPage),
  403: schemaRef('api-error.schema.json', 'Sent from another site.'),
  413: htmlOrError('The body, or the CV, is larger than allowed.', formPage),
  415: htmlOrError('Not a JSON, form or multipart body, or the CV is not a PDF or DOCX.', formPage),
  429: htmlOrError('Too many posts from this address; Retry-After says when to try again.', formPage),
  500: schemaRef('api-error.schema.json', 'A fault of the server.'),
};

/**
 * Without JavaScript the landing page is the form's own page, which the form names (returnTo): after a refusal the
 * browser's Referer is the API's address the form was posted to. When the Referer is the form's page, its UTM
 * parameters are the campaign's. A form without returnTo falls back on the Referer.
 */
export function withAttributionOfPlainForm(
  request: FastifyRequest,
  input: Record<string, unknown>,
  returnTo: string | undefined,
): void {
  if (input.attribution !== undefined) return;
  const referer = refererPath(request.headers.referer, request.host);
  const refererUrl = referer === undefined ? undefined : new URL(referer, 'http://site.invalid');
  const landingPage = returnTo ?? (refererUrl?.pathname.startsWith('/api/') ? undefined : refererUrl?.pathname);
  if (!landingPage) return;
  const attribution: Record<string, string> = { landingPage };
  if (refererUrl?.pathname === landingPage) {
    for (const [parameter, field] of Object.entries(utmParameters)) {
      const tag = campaignTag(refererUrl.searchParams.get(parameter) ?? undefined);
      if (tag !== null) attribution[field] = tag;
    }
  }
  input.attribution = attribution;
}

/**
 * Reads a form posted without JavaScript into the input its JSON would be, keeping what was typed and where the
 * form's page was (`request.plainForm`) for an answer in HTML, and its attribution: in the plugin `app`.
 */
export function acceptPlainForms(app: FastifyInstance): void {
  app.decorateRequest('plainForm', null);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: formBodyLimit },
    (request, body, done) => {
      const { input, values, returnTo } = formFieldsToInput(new URLSearchParams(body as string));
      request.plainForm = { values, returnTo };
      withAttributionOfPlainForm(request, input, returnTo);
      done(null, input);
    },
  );
}

/**
 * POST /api/enquiries and /api/applications, for anyone: JSON from the site's script, or a plain form post from a
 * browser without it (answered with a redirect to the thank-you page, or the form's page again with its problems
 * and everything typed). GET /api/form-token gives the time trap's signed token.
 */
export const leadFormRoutes: FastifyPluginAsync<LeadFormOptions> = async (app, { intake, formPages }) => {
  // A CV over its limit is cut short, not thrown: the fields after it are still read, for the refusal to show them.
  await app.register(fastifyMultipart, { limits: { fileSize: maxCvBytes, files: 1 }, throwFileSizeLimit: false });
  acceptPlainForms(app);

  const { facts } = intake;

  async function answerRefusal(
    request: FastifyRequest,
    reply: FastifyReply,
    form: LeadType,
    error: unknown,
    values: Record<string, string>,
    returnTo: string | undefined,
  ): Promise<FastifyReply> {
    if (!(error instanceof HttpError) || !wantsPage(request)) throw error;
    const state: LeadFormState = { form, values, errors: error.details, message: error.message };
    const page = returnTo ?? (form === 'enquiry' ? '/contact' : '/work-with-us');
    return answerRefusedForm({ db: intake.db, clock: intake.clock, formPages }, reply, error, page, state);
  }

  function answerAccepted(
    request: FastifyRequest,
    reply: FastifyReply,
    form: LeadType,
    accepted: AcceptedLead,
    thankYou: string,
  ): FastifyReply {
    const { id } = accepted;
    if (accepted.held) {
      const html = confirmationPage(form, id, confirmationToken(intake, id, intake.clock()));
      return reply.code(202).headers(noStore).type('text/html; charset=utf-8').send(html);
    }
    if (wantsPage(request))
      return reply
        .code(303)
        .headers({ ...noStore, location: thankYou })
        .send();
    return reply.code(201).headers(noStore).send({ _id: id });
  }

  app.get<{ Querystring: { form: LeadType | 'comment' | 'newsletter' } }>(
    '/form-token',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['form'],
          properties: {
            form: {
              enum: ['enquiry', 'application', 'comment', 'newsletter'],
              description: 'The form the token is for.',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['token', 'minimumWaitMs'],
            properties: {
              token: { type: 'string', description: 'Send it back as formToken with the form.' },
              minimumWaitMs: {
                type: 'integer',
                minimum: 0,
                description:
                  'The time trap: a form sent sooner than this many milliseconds after the token was issued is ' +
                  "kept as spam, so the browser waits out the rest before sending (3000 unless the server's " +
                  'FORM_TIME_TRAP_MS says otherwise).',
              },
            },
          },
        },
      },
      config: { access: 'anyone' },
    },
    async (request, reply) =>
      reply.headers(noStore).send({
        token: issueFormToken(intake.formKey, request.query.form, intake.clock()),
        minimumWaitMs: timeTrapOf(intake),
      }),
  );

  app.post<{ Body: EnquiryInput }>(
    '/enquiries',
    {
      schema: {
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: schemaRef('enquiry-input.schema.json'),
        response: acceptedResponses,
      },
      attachValidation: true,
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      const values = request.plainForm?.values ?? {};
      const returnTo = request.plainForm?.returnTo;
      try {
        await refuseOverLimit(intake, 'enquiry', addressOf(request), intake.clock());
        if (request.validationError) {
          refuseProblems(validationDetails(request.validationError.validation));
        }
        refuseProblems(enquiryProblems(request.body, facts));
        // A browser without JavaScript posts a form and asks for a page; anything else must bring a token.
        const accepted = await acceptLead(intake, 'enquiry', request.body, {
          address: addressOf(request),
          plainFormPost: request.plainForm !== null && wantsPage(request),
        });
        return answerAccepted(request, reply, 'enquiry', accepted, facts.enquiryThankYouRoute);
      } catch (error) {
        return answerRefusal(request, reply, 'enquiry', error, values, returnTo);
      }
    },
  );

  app.post(
    '/applications',
    {
      schema: { consumes: ['multipart/form-data'], response: acceptedResponses },
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      const fields: [string, string][] = [];
      try {
        await refuseOverLimit(intake, 'application', addressOf(request), intake.clock());
        const cv = await readApplicationParts(request, reply, fields);
        const form = formFieldsToInput(fields);
        if (wantsPage(request)) withAttributionOfPlainForm(request, form.input, form.returnTo);
        const validate = request.compileValidationSchema(schemaRef('application-input.schema.json'), 'body');
        const problems = validate(form.input) ? [] : validationDetails(validate.errors ?? []);
        if (problems.length === 0)
          problems.push(...applicationProblems(form.input as unknown as ApplicationInput, facts));
        if (cv === undefined) problems.push({ path: '/cv', message: 'is required: attach your CV as PDF or DOCX' });
        refuseProblems(problems);
        const accepted = await acceptLead(
          intake,
          'application',
          form.input as unknown as ApplicationInput,
          { address: addressOf(request), plainFormPost: wantsPage(request) },
          cv,
        );
        return answerAccepted(request, reply, 'application', accepted, facts.applicationThankYouRoute);
      } catch (error) {
        const { values, returnTo } = formFieldsToInput(fields);
        return answerRefusal(request, reply, 'application', error, values, returnTo);
      }
    },
  );

  app.post<{ Body: { lead: string; token: string } }>(
    '/lead-confirmations',
    {
      schema: {
        consumes: ['application/x-www-form-urlencoded'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['lead', 'token'],
          properties: {
            lead: { type: 'string', maxLength: 100, description: 'The lead held for confirmation.' },
            token: { type: 'string', maxLength: 500, description: "The confirmation page's token for that lead." },
            attribution: { type: 'object', description: 'Ignored: the lead keeps the attribution it arrived with.' },
          },
        },
        response: {
          200: {
            description: 'Pressed sooner than a person would: the confirmation page again, with a new token.',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          303: emptyResponse('Confirmed: the lead is new, its notice is queued; the thank-you page is at Location.'),
          400: htmlOrError('The token is forged or over a day old, or the lead is not held.', 'A page'),
          403: schemaRef('api-error.schema.json', 'Sent from another site.'),
        },
      },
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      const { lead, token } = request.body;
      try {
        const outcome = await confirmLead(intake, lead, token);
        if (!outcome.confirmed) {
          const html = confirmationPage(outcome.type, lead, confirmationToken(intake, lead, intake.clock()), true);
          return reply.code(200).headers(noStore).type('text/html; charset=utf-8').send(html);
        }
        const thankYou = outcome.type === 'enquiry' ? facts.enquiryThankYouRoute : facts.applicationThankYouRoute;
        return reply
          .code(303)
          .headers({ ...noStore, location: thankYou })
          .send();
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const state: LeadFormState = { form: 'enquiry', values: {}, errors: error.details, message: error.message };
        return sendRefusalPage(reply, error, bareRefusalPage(state, '/contact'));
      }
    },
  );
};
