import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSubmitForReview } from '@/api/blog/submit-for-review.ts';
import { Alert } from '../ui/alert.tsx';

/** What the editor tells the dashboard it opens, in the navigation's state. */
export interface DashboardNotice {
  /** A post Publish now took live. */
  published?: { title: string; slug: string };
  /** A draft saved by a writer who cannot publish, and not yet submitted: offered for review at once. */
  draftToReview?: { id: string; title: string };
}

/** Right after a contributor saves a draft: submitting it for review is the next step, so it is offered here. */
function ReviewOffer({ draft }: { draft: { id: string; title: string } }) {
  const submit = useSubmitForReview();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  if (submit.isSuccess) {
    return (
      <Alert tone="success">
        <p>“{draft.title}” is submitted for review: an editor sees it on the dashboard, and is told by e-mail.</p>
      </Alert>
    );
  }
  return (
    <Alert tone="info" ref={ref}>
      <p>“{draft.title}” is saved as a draft. When it is ready, submit it for review: an editor publishes it.</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={submit.isPending}
        onClick={() => submit.mutate(draft.id)}
      >
        {submit.isPending ? 'Submitting…' : 'Submit for review'}
      </button>
      {submit.error && <p role="alert">Not submitted: {submit.error.message}</p>}
    </Alert>
  );
}

/** The editor's news on arrival, focused so that keyboard and screen reader users hear it first. */
export function DashboardNoticeAlert() {
  const notice = useLocation().state as DashboardNotice | null;
  const ref = useRef<HTMLDivElement>(null);
  const published = notice?.published;
  useEffect(() => {
    if (published) ref.current?.focus();
  }, [published]);
  if (notice?.draftToReview) return <ReviewOffer draft={notice.draftToReview} />;
  if (!published) return null;
  const address = `/blogs/${published.slug}`;
  return (
    <Alert tone="success" ref={ref}>
      <p>
        “{published.title}” is published: it went live now at <a href={address}>{address}</a>.
      </p>
    </Alert>
  );
}
