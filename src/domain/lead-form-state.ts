import type { LeadType } from '../content/types.gen.ts';

export interface LeadFieldError {
  /** JSON Pointer of the field, as the API names it: /email, /cv, /attribution/landingPage. */
  path: string;
  message: string;
}

/**
 * A refused form sent without JavaScript: the server renders its page again with what the person typed and what
 * was wrong, so that nothing typed is lost.
 */
export interface LeadFormState {
  /** The lead form, a post's comment form, or the newsletter's signup. */
  form: LeadType | 'comment' | 'newsletter';
  values: Record<string, string>;
  errors: LeadFieldError[];
  /** The sentence over the form: what went wrong as a whole. */
  message: string;
}

/** The name of a form field for a JSON Pointer of the API: /attribution/utmSource is attribution.utmSource. */
export const fieldName = (path: string): string => path.slice(1).split('/').join('.');

/** The id of a form's summary of problems: where a refused form sent without JavaScript comes back to. */
export const formProblemsId = (form: LeadFormState['form']): string => `${form}-form-problems`;
