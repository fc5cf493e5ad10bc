import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { newsletterPreviewAddress } from '@/api/newsletter/get-newsletter-preview.ts';
import { useSendNewsletter } from '@/api/newsletter/send-newsletter.ts';
import type { BlogPost, NewsletterPreview } from '@/content/types.gen.ts';
import { useAdminSession } from '../session/admin-session.ts';
import { describeSendProblem } from './send-problem.ts';
import { countOf } from './send-words.ts';
import styles from './send.module.css';

export interface SendDialogProps {
  post: Pick<BlogPost, '_id' | 'title'>;
  preview: NewsletterPreview;
  onClose: () => void;
}

/**
 * The post's e-mail as subscribers will see it (a sandboxed frame of the server's document of it, whose own policy
 * lets its inline styles apply and runs no script: a srcdoc would take the admin's policy and lose them), a test to
 * oneself, and the one send to every active subscriber, which then opens the send's screen.
 */
export function SendDialog({ post, preview, onClose }: SendDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { email } = useAdminSession().user;
  const test = useSendNewsletter();
  const send = useSendNewsletter();
  // A second click before React re-renders with isPending still sends nothing: this flag is set at once.
  const busy = useRef(false);
  const recipients = countOf(preview.activeSubscribers, 'subscriber');
  // Sending to everyone cannot be undone: it asks once more, naming how many, before it goes.
  const [confirming, setConfirming] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);
  const keepBack = () => {
    setConfirming(false);
    // The question goes: the keyboard stays where it was, on the button that asked it.
    requestAnimationFrame(() => sendButton.current?.focus());
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    // jsdom has no showModal; browsers do, and it traps focus and closes on Escape.
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  const sendAll = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const sendId = await send.mutateAsync({ postId: post._id });
      navigate(`/admin/newsletters/${sendId}`, { state: { started: true } });
    } catch {
      busy.current = false;
    }
  };
  const sendTest = () => {
    if (!test.isPending) test.mutate({ postId: post._id, test: true });
  };

  const testProblem = test.error && describeSendProblem(test.error, 'The test', 'No test was sent.');
  const sendProblem = send.error && describeSendProblem(send.error, 'Sending', 'Nothing was sent to subscribers.');
  const sendId = preview.sendId;

  return createPortal(
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className={styles.dialogHeader}>
        <h2 id={`${id}-title`}>Send to subscribers</h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <p id={`${id}-about`}>
        “{post.title}”, as last saved, goes once to the {recipients} active now. It cannot be recalled once sent: send a
        test to yourself first.
      </p>
      <dl className={styles.facts}>
        <dt>Subject</dt>
        <dd>{preview.subject}</dd>
        <dt>To</dt>
        <dd>{recipients}, each with their own unsubscribe link</dd>
      </dl>
      <iframe
        className={styles.preview}
        title="The e-mail, as subscribers see it"
        sandbox=""
        src={newsletterPreviewAddress(post._id)}
      />
      <details className={styles.text}>
        <summary>Plain-text version</summary>
        <pre>{preview.text}</pre>
      </details>
      {confirming ? (
        <div role="group" aria-labelledby={`${id}-question`} className={styles.question}>
          <p id={`${id}-question`}>
            <strong>Send to {recipients}?</strong> Each gets “{post.title}” once; a sent newsletter cannot be recalled.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              aria-disabled={send.isPending || undefined}
              onClick={() => void sendAll()}
            >
              Yes, send to {recipients}
            </button>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the question replaced the button that had focus */}
            <button type="button" className="button button-secondary" autoFocus onClick={keepBack}>
              Don’t send yet
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={test.isPending || undefined}
            onClick={sendTest}
          >
            Send a test to me
          </button>
          <button ref={sendButton} type="button" className="button" onClick={() => setConfirming(true)}>
            Send to {recipients}…
          </button>
        </div>
      )}
      <div role="status" className={styles.outcome}>
        {test.isPending && <p>Sending a test to {email}…</p>}
        {test.isSuccess && (
          <p>A test was sent to {email}. It should arrive within a minute; check the spam folder too.</p>
        )}
        {send.isPending && <p>Starting the send…</p>}
      </div>
      {testProblem && (
        <p role="alert" className={styles.problem}>
          {testProblem.message}
        </p>
      )}
      {sendProblem && (
        <div role="alert" className={styles.problem}>
          <p>{sendProblem.message}</p>
          {sendProblem.alreadySent && sendId && (
            <Link to={`/admin/newsletters/${sendId}`}>See the send’s progress</Link>
          )}
        </div>
      )}
    </dialog>,
    document.body,
  );
}
