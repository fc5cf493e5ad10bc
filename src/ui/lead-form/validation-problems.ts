import type { ErrorObject } from 'ajv';
import type { LeadFieldError } from '@/domain/lead-form-state.ts';

/** One problem per field, named by its JSON Pointer as the server names it. */
export function validationProblems(errors: ErrorObject[] | null | undefined): LeadFieldError[] {
  const problems = new Map<string, string>();
  for (const error of errors ?? []) {
    const { missingProperty, additionalProperty } = error.params as Record<string, string | undefined>;
    const field = missingProperty ?? additionalProperty;
    const path = field === undefined ? error.instancePath : `${error.instancePath}/${field}`;
    const message = missingProperty !== undefined ? 'is required' : (error.message ?? 'is invalid');
    if (!problems.has(path)) problems.set(path, message);
  }
  return [...problems].map(([path, message]) => ({ path, message }));
}
