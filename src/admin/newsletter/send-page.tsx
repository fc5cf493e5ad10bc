import { useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { isUnderWay, useNewsletterSend } from '@/api/newsletter/get-newsletter-send.ts';
import { useQuery } from '@tanstack/react-query';
import { postByIdQueryOptions } from '@/api/blog/get-post-by-id.ts';
import { Alert } from '../ui/alert.tsx';
import { formatTime } from '../ui/dates.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { SendControls } from './send-controls.tsx';
import { describeSendProblem } from './send-problem.ts';
import { SendProgress } from './send-progress.tsx';
import { handledOf, statusSentence } from './send-words.ts';
import styles from './send.module.css';

/** How far a send under way has gone, a tenth at a time: announced politely then, not at every poll. */
function tenths(handled: number, total: number) {
  return total === 0 ? '' : `About ${Math.floor((handled / total) * 10) * 10}% of the messages dealt with.`;
}

/**
 * /admin/newsletters/{id}: a post's send to the newsletter, asked again every two seconds while it is under way and
 * the tab is seen; sent, waiting and failed in words and numbers; Pause, Resume and Cancel.
 */
export function NewsletterSendPage() {
  const { id = '' } = useParams();
  const started = (useLocation().state as { started?: boolean } | null)?.started === true;
  const { data: send, error, isPending, refetch, isRefetchError } = useNewsletterSend(id);
  const post = useQuery({ ...postByIdQueryOptions(send?.postId ?? ''), enabled: send !== undefined });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = post.data ? `Newsletter: “${post.data.title}”` : 'Newsletter send';

  let body;
  if (send) {
    body = (
      <>
        {/* Only while it goes on: a paused, cancelled or finished send says so in the status below. */}
        {started && (send.status === 'queued' || send.status === 'sending') && (
          <Alert tone="success">
            <p>
              {send.status === 'queued' ? 'The send is queued' : 'The send has started'}: every active subscriber gets
              the post once. You may leave this page.
            </p>
          </Alert>
        )}
        <p className={styles.status} role="status">
          {statusSentence(send)}
        </p>
        <p className="visually-hidden" role="status">
          {send.status === 'sending' && tenths(handledOf(send), send.total)}
        </p>
        <p className={styles.meta}>
          Asked for {formatTime(send.createdAt)}
          {post.data && (
            <>
              {' · '}
              <Link to={`/admin/blog/edit/${send.postId}`}>Open the post</Link>
            </>
          )}
        </p>
        {/* The controls before the figures: on a phone they stay in the first screen. */}
        <SendControls send={send} onCancelled={() => headingRef.current?.focus()} />
        <SendProgress send={send} />
        {isRefetchError && (
          <Alert>
            <p>
              {
                describeSendProblem(error, 'Updating the figures', 'The figures shown are the last ones received.')
                  .message
              }
            </p>
            {isUnderWay(send) && (
              <button type="button" className="button button-secondary" onClick={() => void refetch()}>
                Update again
              </button>
            )}
          </Alert>
        )}
      </>
    );
  } else if (isPending) {
    body = <p role="status">Loading the send…</p>;
  } else {
    body = (
      <Alert>
        <p>{describeSendProblem(error, 'Loading the send', '').message}</p>
        <button type="button" className="button button-secondary" onClick={() => void refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title={title} headingRef={headingRef} />
      {body}
    </>
  );
}
