import type { FastifyReply, FastifyRequest } from 'fastify';
import { schemaRef } from '../http/api-schemas.ts';
import { clientAddress } from '../http/client-address.ts';
import type { HttpError } from '../http/errors.ts';
import { contentSecurityPolicy, permissionsPolicy } from '../http/security-headers.ts';

/** How the public forms' routes answer a post: JSON for the site's script, a page for a browser's own form post. */

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
