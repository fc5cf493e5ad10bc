import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationInput, EnquiryInput, LeadType } from '../../src/content/types.gen.ts';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import { issueFormToken } from '../forms/form-token.ts';
import { addressOf, formBodyLimit, htmlOrError, noStore, sendRefusalPage, wantsPage } from '../forms/form-answers.ts';
import { refuseProblems, type FormIntake } from '../forms/form-intake.ts';
import { refuseOverLimit } from '../forms/form-limits.ts';
import { emptyResponse, schemaRef } from '../http/api-schemas.ts';
import { HttpError, validationDetails } from '../http/errors.ts';
import { cvMimeType, cvTooLarge, maxCvBytes } from '../leads/cv-file.ts';
import { formFieldsToInput, refererPath } from '../../src/domain/lead-form-fields.ts';
import { bareRefusalPage, type FormPages } from '../leads/form-refusal.ts';
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

// The CV, the text fields and multipart's boundaries: a body declared larger is refused before it is read.
const applicationBodyLimit = maxCvBytes + formBodyLimit;

const formPage = 'The form page';

const acceptedResponses = {
  201: {
    description: 'Received.',
    type: 'object',
    additionalProperties: false,
    required: ['_id'],
    properties: { _id: { type: 'string', description: 'The lead.' } },
  },
  303: emptyResponse('Received from a form sent without JavaScript: the thank-you page is at Location.'),
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
 * The CV's bytes, refused with 413 as soon as its limit trips: multipart's own toBuffer() reads (and discards) the
 * rest of the part, which a chunked upload can make endless.
 */
async function readCv(file: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    if (file.truncated) throw cvTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

// What is still read of a refused body, so that its sender reads the 413 before the connection closes.
const lingerBytes = 1024 * 1024;
const lingerMs = 5_000;

/**
 * After a 413: reads at most a little more of the body, throwing it away, then closes the connection. Reading it to
 * its end, as Node would to keep the connection alive, lets a chunked or a falsely declared body run for ever.
 */
function closeAfterLinger(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.complete) return;
  let seen = 0;
  const close = () => raw.socket?.destroy();
  const timer = setTimeout(close, lingerMs);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > lingerBytes) close();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

async function readApplicationParts(request: FastifyRequest): Promise<{ fields: [string, string][]; cv?: CvUpload }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the application as multipart/form-data, with your CV in a field named "cv".');
  }
  if (Number(request.headers['content-length'] ?? 0) > applicationBodyLimit) {
    closeAfterLinger(request);
    throw cvTooLarge();
  }
  const fields: [string, string][] = [];
  let cv: { fileName: string; data: Buffer } | undefined;
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
      const data = await readCv(part.file);
      // A browser sends an empty file part when no file was chosen.
      if (data.length > 0) cv = { fileName: part.filename, data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof HttpError || code === 'FST_REQ_FILE_TOO_LARGE') {
      if ((error as { statusCode?: number }).statusCode === 413) closeAfterLinger(request);
      throw error instanceof HttpError ? error : cvTooLarge();
    }
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(400, 'Attach one CV only.', [{ path: '/cv', message: 'must be one file' }]);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(413, 'The form holds more fields than it should.');
    throw new HttpError(400, 'The application could not be read: send it again as multipart/form-data.');
  }
  if (cv === undefined) return { fields };
  return { fields, cv: { ...cv, mimeType: await cvMimeType(cv.data) } };
}

/**
 * POST /api/enquiries and /api/applications, for anyone: JSON from the site's script, or a plain form post from a
 * browser without it (answered with a redirect to the thank-you page, or the form's page again with its problems
 * and everything typed). GET /api/form-token gives the time trap's signed token.
 */
export const leadFormRoutes: FastifyPluginAsync<LeadFormOptions> = async (app, { intake, formPages }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: maxCvBytes, files: 1 } });
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
    const html = (await formPages.render?.(page, state)) ?? bareRefusalPage(state, page);
    return sendRefusalPage(reply, error, html);
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
      let values: Record<string, string> = {};
      let returnTo: string | undefined;
      try {
        await refuseOverLimit(intake.db, 'application', addressOf(request), intake.clock());
        const { fields, cv } = await readApplicationParts(request);
        const form = formFieldsToInput(fields);
        ({ values, returnTo } = form);
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
        return answerRefusal(request, reply, 'application', error, values, returnTo);
      }
    },
  );
};
