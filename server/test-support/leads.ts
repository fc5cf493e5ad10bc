import type { FastifyInstance, InjectOptions } from 'fastify';
import type { EnquiryInput, LeadType } from '../../src/content/types.gen.ts';
import { multipartBody, type FormPart } from './media.ts';
import { sameOrigin, type TestClock } from './test-requests.ts';

/** A form token as the page gets it, made old enough (5 s) to pass the time trap. */
export async function formToken(app: FastifyInstance, clock: TestClock, form: LeadType = 'enquiry'): Promise<string> {
  const response = await app.inject({ url: `/api/form-token?form=${form}` });
  clock.advance(5000);
  return response.json<{ token: string }>().token;
}

export const enquiry = (more: Partial<EnquiryInput> = {}): EnquiryInput => ({
  name: 'Priya Menon',
  email: 'priya@example.com',
  message: 'We need a new website and search work for our bakery chain.',
  consent: true,
  ...more,
});

export const postEnquiry = (body: object, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/api/enquiries',
  headers: { ...sameOrigin, accept: 'application/json', ...headers },
  payload: body,
});

/** A form post as a browser without JavaScript sends it. */
export const postEnquiryForm = (
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): InjectOptions => ({
  method: 'POST',
  url: '/api/enquiries',
  headers: {
    ...sameOrigin,
    accept: 'text/html,application/xhtml+xml',
    'content-type': 'application/x-www-form-urlencoded',
    ...headers,
  },
  payload: new URLSearchParams(fields).toString(),
});

export function postApplication(parts: FormPart[], headers: Record<string, string> = {}): InjectOptions {
  const body = multipartBody(parts);
  return {
    method: 'POST',
    url: '/api/applications',
    headers: { ...sameOrigin, accept: 'application/json', ...body.headers, ...headers },
    payload: body.payload,
  };
}

export const applicationFields = (token: string, more: Record<string, string> = {}): FormPart[] =>
  Object.entries({ name: 'Arjun Shah', email: 'arjun@example.com', consent: 'true', formToken: token, ...more }).map(
    ([name, value]) => ({ name, value }),
  );

/** The hidden fields of a confirmation page (a plain form post that came without a token) as a form post. */
export function confirmationOf(html: string, headers: Record<string, string> = {}): InjectOptions {
  const lead = /name="lead" value="([^"]+)"/.exec(html)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!lead || !token) throw new Error(`No confirmation form in ${html}`);
  return {
    method: 'POST',
    url: '/api/lead-confirmations',
    headers: {
      ...sameOrigin,
      accept: 'text/html,application/xhtml+xml',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams({ lead, token }).toString(),
  };
}
