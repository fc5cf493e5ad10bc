import { isApiError, networkErrorMessage } from '@/api/api-client.ts';
import { permissionMeanings } from '@/domain/team-permissions.ts';

/** Why something done to the subscribers failed, in words, with what to do and what is kept. */
export function describeSubscriberProblem(error: unknown, what: string, kept: string): string {
  if (!isApiError(error)) return `${what} failed: something unexpected went wrong. ${kept}`;
  const told = error.message.endsWith('.') ? error.message : `${error.message}.`;
  switch (error.status) {
    case 0:
      return `${what} failed. ${networkErrorMessage} ${kept}`;
    case 401:
      return `You were signed out, so ${what.toLowerCase()} failed. Sign in again, then try once more. ${kept}`;
    case 403:
      return `${what} failed: your role no longer includes ${permissionMeanings.audience}. Ask an administrator. ${kept}`;
    case 404:
      return `${what} failed: this subscriber no longer exists. Someone may have deleted it.`;
    case 413:
      return `${what} failed: the file is larger than 5 MB. Split it into smaller files, then import each. ${kept}`;
    case 415:
      return `${what} failed: the server takes only CSV files (text/csv). Save the sheet as CSV, then try again. ${kept}`;
    default: {
      const details = error.details.map((detail) => detail.message).filter(Boolean);
      return `${what} failed. ${told}${details.length > 0 ? ` (${details.join('; ')}.)` : ''} ${kept}`;
    }
  }
}
