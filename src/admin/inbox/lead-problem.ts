import { isApiError, networkErrorMessage } from '@/api/api-client.ts';

/** Why a change to a lead failed, in words, saying that what was typed is still there. */
export function describeLeadProblem(error: unknown, what: string, kept = 'What you typed is still here.'): string {
  if (!isApiError(error)) return `${what} failed: something unexpected went wrong. ${kept}`;
  switch (error.status) {
    case 0:
      return `${what} failed. ${networkErrorMessage} ${kept}`;
    case 401:
      return `You were signed out, so ${what.toLowerCase()} failed. Sign in again, then try once more. ${kept}`;
    case 404:
      return `${what} failed: this lead no longer exists. Someone may have deleted it.`;
    case 409:
      return `${what} failed: someone changed this lead at the same time. Reload it, then try again. ${kept}`;
    case 413:
      return `${what} failed: it is too long for the server. Shorten it, then try again. ${kept}`;
    default: {
      const message = error.message.endsWith('.') ? error.message : `${error.message}.`;
      return `${what} failed. ${message} ${kept}`;
    }
  }
}
