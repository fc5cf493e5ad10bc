import { useState } from 'react';
import { useChangeNewsletterSend, type SendChange } from '@/api/newsletter/change-newsletter-send.ts';
import type { NewsletterSend } from '@/content/types.gen.ts';
import { describeSendProblem } from './send-problem.ts';
import { countOf } from './send-words.ts';
import styles from './send.module.css';

const acts: Record<SendChange, string> = { pause: 'Pausing', resume: 'Resuming', cancel: 'Cancelling' };

/** Pause or Resume, and Cancel after a question, for a send still under way; the page takes the focus on cancel. */
export function SendControls({ send, onCancelled }: { send: NewsletterSend; onCancelled: () => void }) {
  const change = useChangeNewsletterSend();
  const [asking, setAsking] = useState(false);
  if (send.status === 'done' || send.status === 'cancelled') return null;

  const act = (what: SendChange) => {
    if (change.isPending) return;
    setAsking(false);
    change.mutate({ id: send._id, change: what }, { onSuccess: what === 'cancel' ? onCancelled : undefined });
  };
  const problem =
    change.error && describeSendProblem(change.error, acts[change.variables.change], 'The send is as shown.');

  return (
    <section className={styles.controls} aria-label="Control the send">
      {asking ? (
        <div role="group" aria-labelledby="cancel-question" className={styles.question}>
          <p id="cancel-question">
            Cancel this send? The {countOf(send.waiting, 'message')} still waiting will not be sent, and it cannot be
            started again. Messages already sent stay sent.
          </p>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => act('cancel')}>
              Cancel the send
            </button>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the question replaced the button that had focus */}
            <button type="button" className="button button-secondary" autoFocus onClick={() => setAsking(false)}>
              Keep sending
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          {send.status === 'paused' ? (
            <button
              type="button"
              className="button"
              aria-disabled={change.isPending || undefined}
              onClick={() => act('resume')}
            >
              Resume
            </button>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={change.isPending || undefined}
              onClick={() => act('pause')}
            >
              Pause
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
            Cancel…
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem.message}
        </p>
      )}
    </section>
  );
}
