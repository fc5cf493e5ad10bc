import { isApiError } from '@/api/api-client.ts';
import type { ApiError, ContentDocumentVersion } from '@/content/types.gen.ts';
import type { DocumentProblem } from './document-problems.ts';

/** What a failed save means for the person: a sentence saying what happened and what to do, their edits kept. */
export type SaveFailure =
  | { kind: 'problems'; problems: DocumentProblem[]; others: string[] }
  | { kind: 'conflict'; current: ContentDocumentVersion }
  | { kind: 'other'; message: string };

const kept = 'Your changes are kept in this browser, also if you reload.';

export function saveFailure(error: unknown, id: string): SaveFailure {
  if (!isApiError(error)) return { kind: 'other', message: `The save failed: ${String(error)}. ${kept}` };
  switch (error.status) {
    case 0:
      return {
        kind: 'other',
        message: `Could not reach the server, so nothing was saved. ${kept} Check your connection, then save again.`,
      };
    case 400: {
      const body = error.body as Partial<ApiError> | undefined;
      const all = body?.problems ?? [];
      const own = all.filter((problem) => problem.id === id).map(({ path, message }) => ({ pointer: path, message }));
      const fromDetails = (body?.details ?? error.details).map(({ path, message }) => ({ pointer: path, message }));
      return {
        kind: 'problems',
        problems: own.length > 0 ? own : fromDetails,
        others: all.filter((problem) => problem.id !== id).map((problem) => `${problem.id}: ${problem.message}`),
      };
    }
    case 401:
      return {
        kind: 'other',
        message: `You are signed out, so nothing was saved. ${kept} Sign in again, come back to this page and save.`,
      };
    case 403:
      return { kind: 'other', message: `${error.message} Nothing was saved. ${kept}` };
    case 409: {
      const body = error.body as Partial<ApiError> | undefined;
      if (body?.current) return { kind: 'conflict', current: body.current };
      return {
        kind: 'other',
        message: `Someone else changed this page meanwhile. ${kept} Reload to see their version.`,
      };
    }
    case 413:
      return {
        kind: 'other',
        message: `The page is larger than the server accepts, so nothing was saved. ${kept} Shorten or remove some content, then save again.`,
      };
    case 415:
      return {
        kind: 'other',
        message: `The server did not accept the form of the request, so nothing was saved. ${kept} Reload the page, then save again.`,
      };
    case 428:
      return {
        kind: 'other',
        message: `The save did not say which version it changes, so nothing was saved. ${kept} Reload the page, then save again.`,
      };
    default:
      return { kind: 'other', message: `${error.message} Nothing was saved. ${kept}` };
  }
}
