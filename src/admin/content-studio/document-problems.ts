import type { ErrorObject } from 'ajv';
import * as validators from './document-validators.gen.js';

/** One thing wrong with a document: where (a JSON pointer into it) and a sentence saying what to do. */
export interface DocumentProblem {
  pointer: string;
  message: string;
}

const validatorsBySchema = {
  'page.schema.json': validators.page,
  'site.schema.json': validators.site,
  'redirects.schema.json': validators.redirects,
};

export const routePattern = '^/([a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*)?$';
const plainTextPattern = '^[^<>]*$';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Says in words what an ajv error means for the person filling in the form. */
function sentence(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'Fill this in: it is required.';
    case 'minLength':
      return params.limit === 1
        ? 'Fill this in: it may not be empty.'
        : `Write at least ${plural(Number(params.limit), 'character')}.`;
    case 'maxLength':
      return `Keep it to ${plural(Number(params.limit), 'character')} or fewer.`;
    case 'minItems':
      return `Add at least ${plural(Number(params.limit), 'item')}.`;
    case 'maxItems':
      return `Keep it to ${plural(Number(params.limit), 'item')} or fewer.`;
    case 'minimum':
      return `Use a number of at least ${String(params.limit)}.`;
    case 'maximum':
      return `Use a number of at most ${String(params.limit)}.`;
    case 'pattern':
      if (params.pattern === plainTextPattern) return 'Leave out the characters < and >: this is plain text.';
      if (params.pattern === routePattern)
        return 'Write a path of this site: a slash, then lower-case words joined by hyphens, such as /seo.';
      return 'This is not in the expected form; see the help under the field.';
    case 'format':
      return params.format === 'date' ? 'Write a date as YYYY-MM-DD.' : `Write a valid ${String(params.format)}.`;
    case 'enum':
    case 'const':
      return 'Choose one of the offered values.';
    case 'additionalProperties':
      return `"${String(params.additionalProperty)}" is not a field of this document: remove it.`;
    case 'type':
      return `This must be ${String(params.type) === 'integer' ? 'a whole number' : `a ${String(params.type)}`}.`;
    case 'discriminator':
      return 'This section type is unknown: remove the section and add one from the catalogue.';
    default:
      return `This is not valid: ${error.message ?? 'check the field'}.`;
  }
}

function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    return `${error.instancePath}/${params.missingProperty}`;
  return error.instancePath;
}

/**
 * The problems the content check would report for `document`, a document of the schema with `$id` `schemaId`, one
 * per field. The server checks the same rules and those across documents (a route used twice) when saving.
 */
export function documentProblems(schemaId: string, document: unknown): DocumentProblem[] {
  const validate = validatorsBySchema[schemaId as keyof typeof validatorsBySchema];
  if (!validate || validate(document)) return [];
  const seen = new Set<string>();
  const problems: DocumentProblem[] = [];
  for (const error of validate.errors ?? []) {
    // A oneOf without a discriminator (an action: a route or a contact) also reports the branches that did not
    // match; the branch errors beside the fields say what to do.
    if (error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const problem = { pointer: pointerOf(error), message: sentence(error) };
    const key = `${problem.pointer} ${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}
