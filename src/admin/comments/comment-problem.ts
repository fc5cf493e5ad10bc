import { isApiError, networkErrorMessage } from '@/api/api-client.ts';

/** Why a moderation call failed, in words a moderator can act on; `kept` says what was typed is still there. */
export function describeCommentProblem(error: unknown, what: string, kept = ''): string {
  const tail = kept ? ` ${kept}` : '';
  if (!isApiError(error)) return `${what} failed: something unexpected went wrong. Try again.${tail}`;
  switch (error.status) {
    case 0:
      return `${what} failed. ${networkErrorMessage}${tail}`;
    case 401:
      return `You were signed out, so ${lowerFirst(what)} failed. Sign in again, then try once more.${tail}`;
    case 404:
      return `${what} failed: the comment no longer exists. Someone may have deleted it; the list is refreshed.`;
    case 409:
      return `${what} failed: ${sentence(error.message)} The list is refreshed; check it, then try again if needed.${tail}`;
    default:
      return `${what} failed: ${sentence(error.message)}${tail}`;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function sentence(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
