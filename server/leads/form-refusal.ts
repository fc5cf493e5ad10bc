import type { LeadFormState } from '../../src/domain/lead-form-state.ts';

/** Renders a page of the site with a refused form in it; undefined when the site has no build to render from. */
export type FormPageRenderer = (path: string, state: LeadFormState) => Promise<string | undefined>;

/** Filled by the site's routes once the build is loaded: the API's routes are registered before them. */
export interface FormPages {
  render?: FormPageRenderer;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Without a build to render the form's page: the problems in words and the way back, never a blank page. */
export function bareRefusalPage(state: LeadFormState, returnTo: string): string {
  const problems = state.errors
    .map((error) => `<li>${escapeHtml(error.path.slice(1) || 'form')}: ${escapeHtml(error.message)}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check the form</title></head><body><main><h1>Please check the form</h1><p>${escapeHtml(state.message)}</p><ul>${problems}</ul><p><a href="${escapeHtml(returnTo)}">Back to the form</a></p></main></body></html>`;
}
