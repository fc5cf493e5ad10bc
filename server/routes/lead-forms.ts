import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationInput, EnquiryInput, LeadType } from '../../src/content/types.gen.ts';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import { issueFormToken } from '../forms/form-token.ts';
import { addressOf, formBodyLimit, htmlOrError, noStore, wantsPage } from '../forms/form-answers.ts';
import { refuseProblems, type FormIntake } from '../forms/form-intake.ts';
import { refuseOverLimit } from '../forms/form-limits.ts';
import { emptyResponse, schemaRef } from '../http/api-schemas.ts';
import { HttpError, validationDetails } from '../http/errors.ts';
import { cvMimeType, cvTooLarge, maxCvBytes } from '../leads/cv-file.ts';
import { formFieldsToInput, refererPath } from '../../src/domain/lead-form-fields.ts';
import { answerRefusedForm, type FormPages } from '../leads/form-refusal.ts';
import { acceptLead, applicationProblems, enquiryProblems, type CvUpload } from '../leads/lead-intake.ts';

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

// Past this a body is refused before it is read. Up to it, a CV over its limit is read past (and dropped), so that the
// fields after it come back to the person with the refusal.
const applicationBodyLimit = 2 * maxCvBytes + formBodyLimit;

const formPage = 'The form page';

const acceptedResponses = {
  201: {
    description: 'Received.',
    type: 'object',
    additionalProperties: false,
    required: ['_id'],
    properties: { _id: { type: 'string', description: 'The lead.' } },
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

function withAttributionFromReferer(request: FastifyRequest, input: Record<string, unknown>): void {
  if (input.attribution !== undefined) return;
  const landingPage = refererPath(request.headers.referer, request.host);
  if (landingPage) input.attribution = { landingPage };
}

/**
 * Reads an application's parts; its text fields go into `fields` as they come, so that a refusal, the CV's included,
 * still has what was typed.
 */
async function readApplicationParts(
  request: FastifyRequest,
  fields: [string, string][],
): Promise<CvUpload | undefined> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the application as multipart/form-data, with your CV in a field named "cv".');
  }
  if (Number(request.headers['content-length'] ?? 0) > applicationBodyLimit) throw cvTooLarge();
  let cv: { fileName: string; data: Buffer } | undefined;
  let cvTooLong = false;
  try {
    const parts = request.parts({ limits: { fileSize: maxCvBytes, files: 1, fields: 30, fieldSize: 20_000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.push([part.fieldname, String(part.value)]);
        continue;
      }
      if (part.fieldname !== 'cv') {
        throw new HttpError(400, 'Attach your CV in the field named "cv".', [
          { path: `/${part.fieldname}`, message: 'is not an accepted field' },
        ]);
      }
      const data = await part.toBuffer();
      if (part.file.truncated) cvTooLong = true;
      // A browser sends an empty file part when no file was chosen.
      else if (data.length > 0) cv = { fileName: part.filename, data };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(400, 'Attach one CV only.', [{ path: '/cv', message: 'must be one file' }]);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(413, 'The form holds more fields than it should.');
    throw new HttpError(400, 'The application could not be read: send it again as multipart/form-data.');
  }
  if (cvTooLong) throw cvTooLarge();
  if (cv === undefined) return undefined;
  return { ...cv, mimeType: await cvMimeType(cv.data) };
}

/**
 * POST /api/enquiries and /api/applications, for anyone: JSON from the site's script, or a plain form post from a
 * browser without it (answered with a redirect to the thank-you page, or the form's page again with its problems
 * and everything typed). GET /api/form-token gives the time trap's signed token.
 */
export const leadFormRoutes: FastifyPluginAsync<LeadFormOptions> = async (app, { intake, formPages }) => {
  // A CV over its limit is cut short, not thrown: the fields after it are still read, for the refusal to show them.
  await app.register(fastifyMultipart, { limits: { fileSize: maxCvBytes, files: 1 }, throwFileSizeLimit: false });
  app.decorateRequest('plainForm', null);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: formBodyLimit },
    (request, body, done) => {
      const { input, values, returnTo } = formFieldsToInput(new URLSearchParams(body as string));
      request.plainForm = { values, returnTo };
      withAttributionFromReferer(request, input);
      done(null, input);
    },
  );

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

  function answerAccepted(request: FastifyRequest, reply: FastifyReply, id: string, thankYou: string): FastifyReply {
    if (wantsPage(request))
      return reply
        .code(303)
        .headers({ ...noStore, location: thankYou })
        .send();
    return reply.code(201).headers(noStore).send({ _id: id });
  }

  app.get<{ Querystring: { form: LeadType | 'comment' } }>(
    '/form-token',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['form'],
          properties: {
            form: { enum: ['enquiry', 'application', 'comment'], description: 'The form the token is for.' },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['token'],
            properties: { token: { type: 'string', description: 'Send it back as formToken with the form.' } },
          },
        },
      },
      config: { access: 'anyone' },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ token: issueFormToken(intake.formKey, request.query.form, intake.clock()) }),
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
        await refuseOverLimit(intake.db, 'enquiry', addressOf(request), intake.clock());
        if (request.validationError) {
          refuseProblems(validationDetails(request.validationError.validation));
        }
        refuseProblems(enquiryProblems(request.body, facts));
        const { id } = await acceptLead(intake, 'enquiry', request.body, {
          address: addressOf(request),
          plainFormPost: request.plainForm !== null,
        });
        return answerAccepted(request, reply, id, facts.enquiryThankYouRoute);
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
        await refuseOverLimit(intake.db, 'application', addressOf(request), intake.clock());
        const cv = await readApplicationParts(request, fields);
        const form = formFieldsToInput(fields);
        if (wantsPage(request)) withAttributionFromReferer(request, form.input);
        const validate = request.compileValidationSchema(schemaRef('application-input.schema.json'), 'body');
        const problems = validate(form.input) ? [] : validationDetails(validate.errors ?? []);
        if (problems.length === 0) problems.push(...applicationProblems(form.input as unknown as ApplicationInput));
        if (cv === undefined) problems.push({ path: '/cv', message: 'is required: attach your CV as PDF or DOCX' });
        refuseProblems(problems);
        const { id } = await acceptLead(
          intake,
          'application',
          form.input as unknown as ApplicationInput,
          { address: addressOf(request), plainFormPost: wantsPage(request) },
          cv,
        );
        return answerAccepted(request, reply, id, facts.applicationThankYouRoute);
      } catch (error) {
        const { values, returnTo } = formFieldsToInput(fields);
        return answerRefusal(request, reply, 'application', error, values, returnTo);
      }
    },
  );
};
