import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { schemaRef } from '../http/api-schemas.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import { contentSecurityPolicy, permissionsPolicy } from '../http/security-headers.ts';
import type { LeadFacts } from '../leads/lead-facts.ts';
import type { Database } from '../store/schema.ts';
import { spamReason } from './spam-check.ts';

/**
 * What the public forms share, leads (enquiries, applications) and readers' comments alike: what an intake needs,
 * where a post came from, how its problems are refused, and how a plain form post is answered with a page.
 */
export interface FormIntake {
  db: Kysely<Database>;
  clock: () => Date;
  facts: LeadFacts;
  /** Signs and checks the forms' time-trap tokens; also the key of the addresses' hashes. */
  formKey: Buffer;
  /** The public origin, for the link in notifications. */
  origin: string;
  /** Null when SMTP_URL is not set: nobody is notified by e-mail. */
  mail: { wake(): void } | null;
}

/** Where a post came from. */
export interface FormArrival {
  address: string;
  /** A browser's form sent without JavaScript (it asked for a page, not JSON). */
  plainFormPost: boolean;
}

export function refuseProblems(problems: ErrorDetail[]): void {
  if (problems.length > 0) {
    throw new HttpError(400, 'Some fields need your attention: see each one below.', problems);
  }
}

export const noStore = { 'cache-control': 'no-store' };
/** A form's fields as JSON or a plain form post; an application's CV comes on top. */
export const formBodyLimit = 64 * 1024;

/** A browser's own form post asks for a page; the site's script asks for JSON. */
export const wantsPage = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

export const addressOf = (request: FastifyRequest): string => clientAddress(request) ?? 'unknown';

// A refused plain form post is answered with a page, under an API address: it gets a page's policy, not the API's.
const pageHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'permissions-policy': permissionsPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'content-type': 'text/html; charset=utf-8',
};

/** Answers a refused plain form post with the page that shows its problems. */
export function sendRefusalPage(reply: FastifyReply, error: HttpError, html: string): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers({ ...error.headers, ...noStore, ...pageHeaders })
    .send(Buffer.from(html));
}

/** A refusal's answer: JSON for the site's script, or the form's page again for a plain form post. */
export const htmlOrError = (description: string, page: string) => ({
  description,
  content: {
    'application/json': { schema: schemaRef('api-error.schema.json') },
    'text/html': {
      schema: { type: 'string', description: `${page} again, with the problems and what was typed.` },
    },
  },
});

/** The hidden and signed fields every public form carries. */
export interface SpamTraps {
  website?: string;
  formToken?: string;
}

/** Why a post to `form` is spam, or null when it looks like a person's: the same checks for every public form. */
export function formSpamReason(
  intake: Pick<FormIntake, 'formKey'>,
  form: string,
  input: SpamTraps,
  arrival: FormArrival,
  texts: (string | undefined)[],
  now: Date,
): string | null {
  return spamReason(
    intake.formKey,
    { form, honeypot: input.website, formToken: input.formToken, plainFormPost: arrival.plainFormPost, texts },
    now,
  );
}
