import { useSubmitForReview } from '@/api/blog/submit-for-review.ts';
import { roleNames } from '@/domain/team-permissions.ts';
import { useAdminSession } from '../session/admin-session.ts';

/**
 * What a writer who may not publish does instead: a saved draft is marked for an editor, who is told on the
 * dashboard. Unsaved changes are saved first by the writer (autosave keeps drafts).
 */
export function SubmitForReview({ postId, requestedAt }: { postId?: string; requestedAt?: string | null }) {
  const { role } = useAdminSession().user;
  const submit = useSubmitForReview();
  const submitted = submit.isSuccess || Boolean(requestedAt);
  return (
    <div role="group" aria-label="Review">
      <p>
        Your role ({roleNames[role].toLowerCase()}) cannot publish: save the draft, then submit it for review. An editor
        publishes it.
      </p>
      {postId && (
        <button
          type="button"
          className="button button-secondary"
          disabled={submit.isPending}
          onClick={() => submit.mutate(postId)}
        >
          Submit for review
        </button>
      )}
      {submitted && <p role="status">Submitted for review: an editor sees it on the dashboard.</p>}
      {submit.error && <p role="alert">Not submitted: {submit.error.message}</p>}
    </div>
  );
}
