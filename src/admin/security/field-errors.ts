import { isApiError } from '@/api/api-client.ts';

/**
 * The server's refusal as sentences for the form's own fields: "/currentPassword" with "is not right" becomes
 * "Your current password is not right." under that field.
 */
export function fieldErrorsOf<Name extends string>(
  error: unknown,
  labels: Record<Name, string>,
): Partial<Record<Name, string>> {
  const details = isApiError(error) ? error.details : [];
  const errors: Partial<Record<Name, string>> = {};
  for (const { path, message } of details) {
    const name = path.slice(1);
    if (name in labels) errors[name as Name] = `${labels[name as Name]} ${message}.`;
  }
  return errors;
}
