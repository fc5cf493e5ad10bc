import { isApiError, networkErrorMessage } from '@/api/api-client.ts';
import { fieldLabels, isPostField, type FieldErrors } from './field-labels.ts';

export interface SaveProblem {
  /** What happened, for the message at the top of the form. */
  message: string;
  fieldErrors: FieldErrors;
  /** Someone else saved the post since it was opened: only loading their version can resolve it. */
  editedElsewhere: boolean;
}

const kept = 'Nothing you typed has been lost.';

/** Why saving failed, in words, with the fields the server named. */
export function describeSaveError(error: unknown): SaveProblem {
  const problem: SaveProblem = { message: '', fieldErrors: {}, editedElsewhere: false };
  if (!isApiError(error)) {
    problem.message = `The post was not saved: something unexpected went wrong. ${kept}`;
    return problem;
  }
  for (const detail of error.details) {
    const field = detail.path.split('/')[1];
    if (field === 'updatedAt') problem.editedElsewhere = true;
    else if (isPostField(field)) problem.fieldErrors[field] ??= `${fieldLabels[field]} ${detail.message}.`;
  }
  if (problem.fieldErrors.slug && error.status === 409) {
    problem.fieldErrors.slug = 'Another post already uses this slug. Choose a different one.';
  }
  switch (error.status) {
    case 0:
      problem.message = `The post was not saved. ${networkErrorMessage} ${kept}`;
      break;
    case 401:
      problem.message = `You were signed out, so the post was not saved. Sign in again, then save. ${kept}`;
      break;
    case 404:
      problem.message = 'The post was not saved: it no longer exists. It may have been deleted by someone else.';
      break;
    default:
      problem.message = `The post was not saved. ${error.message}${error.message.endsWith('.') ? '' : '.'} ${kept}`;
  }
  return problem;
}
