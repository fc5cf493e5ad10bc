import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { formProblemsId, type LeadFormState } from '../../src/domain/lead-form-state.ts';
import type { Notice } from '../../src/entry-server.tsx';
import { findRefusedForm, insertRefusedForm, noStore, sendRefusalPage } from '../forms/index.ts';
import type { HttpError } from '../http/errors.ts';
import { emailKey } from './lead-store.ts';
import type { Database } from '../store/schema.ts';

/** The site's page renderer as the forms see it, loaded before their routes (server/pages/served-site.ts). */
export interface FormPages {
  /** Whether the page at this path is one the site renders with a refused form in it. */
  holds(path: string): boolean;
  /**
   * A page of the server's own (a link's outcome, a button to press) at `url` in the site's look, with its policy;
   * undefined where the site cannot render one (no build), and the page is then sent bare.
   */
  notice?(notice: Notice, url: string): Promise<{ html: string; policy: string } | undefined>;
}

/** Without a build of the site: no page holds a form, and a refused form gets the bare page of problems. */
export const noFormPages: FormPages = { holds: () => false };

export interface RefusedFormContext {
  db: Kysely<Database>;
  clock: () => Date;
  formPages: FormPages;
}

/** The query parameter of a form's page that names the refused form to show in it. */
export const refusedFormParameter = 'refused';
/** Long enough to come back to the form after a pause; short, as it holds what a person typed. */
export const refusedFormLifetimeMs = 60 * 60 * 1000;

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Without a build to render the form's page: the problems in words and the way back, never a blank page. */
export function bareRefusalPage(state: LeadFormState, returnTo: string): string {
  const problems = state.errors
    .map((error) => `<li>${escapeHtml(error.path.slice(1) || 'form')}: ${escapeHtml(error.message)}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error: please check the form</title></head><body><main><h1>Please check the form</h1><p>${escapeHtml(state.message)}</p><ul>${problems}</ul><p><a href="${escapeHtml(returnTo)}">Back to the form</a></p></main></body></html>`;
}

/**
 * Answers a refused form sent without JavaScript: the state is kept for an hour under a random token and the browser
 * is sent back (303) to the form's own page, at its summary of problems, which shows it again with everything typed.
 * A page the site cannot render (no build, or no such page) gets the bare page of problems instead.
 */
export async function answerRefusedForm(
  context: RefusedFormContext,
  reply: FastifyReply,
  error: HttpError,
  page: string,
  state: LeadFormState,
  /** The bare page's link back to the form. */
  backTo = page,
): Promise<FastifyReply> {
  if (!context.formPages.holds(page)) return sendRefusalPage(reply, error, bareRefusalPage(state, backTo));
  const now = context.clock();
  const token = randomBytes(18).toString('base64url');
  const email = state.values.email?.trim();
  await insertRefusedForm(
    context.db,
    {
      id: tokenHash(token),
      page,
      state: JSON.stringify(state),
      email_key: email ? emailKey(email) : null,
      expires_at: new Date(now.getTime() + refusedFormLifetimeMs).toISOString(),
    },
    now,
  );
  const location = `${page}?${refusedFormParameter}=${token}#${formProblemsId(state.form)}`;
  return reply
    .code(303)
    .headers({ ...noStore, location })
    .send();
}

/** The refused form that `token` names on `page`, while it is kept. */
export async function refusedFormAt(
  db: Kysely<Database>,
  page: string,
  token: string,
  now: Date,
): Promise<LeadFormState | undefined> {
  const row = await findRefusedForm(db, tokenHash(token), page, now);
  return row && (JSON.parse(row.state) as LeadFormState);
}
