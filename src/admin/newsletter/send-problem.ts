import { isApiError, networkErrorMessage } from '@/api/api-client.ts';
import { permissionMeanings } from '@/domain/team-permissions.ts';

export interface SendProblem {
  message: string;
  /** 409 for a post already sent: its send's screen is linked once the preview names it. */
  alreadySent: boolean;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why something about sending the newsletter failed, in words, with what to do: `what` is the act ("Sending the
 * post"), `kept` what is true meanwhile ("Nothing was sent.").
 */
export function describeSendProblem(error: unknown, what: string, kept: string): SendProblem {
  const said = (message: string, alreadySent = false) => ({ message, alreadySent });
  if (!isApiError(error)) return said(`${what} failed: something unexpected went wrong. ${kept} Try again.`);
  switch (error.status) {
    case 0:
      return said(`${what} failed. ${networkErrorMessage} ${kept}`);
    case 401:
      return said(
        `Your session has ended, so ${what.toLowerCase()} failed. Sign in again, then try once more: nothing is lost. ${kept}`,
      );
    case 403:
      return said(
        `${what} failed: your role no longer includes ${permissionMeanings.newsletter}. Ask an administrator. ${kept}`,
      );
    case 404:
      return said(`${what} failed: ${sentence(error.message)} Go back to the posts and open it again.`);
    case 409:
      // Already sent, a server without SMTP_URL (the setting to set), or a post no longer published: the server says.
      return said(`${what} was refused. ${sentence(error.message)}`, /sent to subscribers already/.test(error.message));
    default:
      if (error.status >= 500)
        return said(`${what} failed: the server had a problem (${error.status}). ${kept} Try again in a minute.`);
      return said(`${what} failed. ${sentence(error.message)} ${kept}`);
  }
}
