import { useEffect, useRef, useState } from 'react';
import { useDeleteSubscriber } from '@/api/newsletter/delete-subscriber.ts';
import type { Subscriber } from '@/content/types.gen.ts';
import { ConfirmActions } from '../inbox/confirm-actions.tsx';
import { formatTime } from '../ui/dates.ts';
import { statusLabels } from './subscriber-labels.ts';
import { describeSubscriberProblem } from './subscriber-problem.ts';
import styles from './subscribers.module.css';

/** How the person came to be on the list, in words: the basis, and when they consented. */
function Consent({ subscriber }: { subscriber: Subscriber }) {
  const basis = subscriber.consentBasis === 'form' ? 'The signup form' : subscriber.consentBasis;
  return (
    <>
      {basis}
      {subscriber.consentedAt && <span className={styles.muted}>, {formatTime(subscriber.consentedAt)}</span>}
      <details className={styles.consentText}>
        <summary>
          Consent text<span className="visually-hidden"> of {subscriber.email}</span>
        </summary>
        <p>{subscriber.consentText}</p>
      </details>
    </>
  );
}

interface SubscriberRowProps {
  subscriber: Subscriber;
  /** Called once the subscriber is deleted, with the sentence that says so. */
  onDeleted: (message: string) => void;
}

/** One subscriber of the list, with Delete behind a question that cannot be missed. */
export function SubscriberRow({ subscriber, onDeleted }: SubscriberRowProps) {
  const remove = useDeleteSubscriber();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Back from the question (kept, or failed), focus returns to the button that asked it.
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming || !returnFocus.current) return;
    returnFocus.current = false;
    deleteButton.current?.focus();
  }, [confirming]);
  const back = () => {
    returnFocus.current = true;
    setConfirming(false);
  };
  const deleteFor = () =>
    remove.mutate(subscriber._id, {
      onSuccess: () => onDeleted(`${subscriber.email} was deleted, with its consent and attribution.`),
      onError: (error) => {
        setProblem(describeSubscriberProblem(error, 'Deleting', 'Nothing was deleted.'));
        back();
      },
    });
  return (
    <tr>
      <th scope="row" className={styles.address}>
        {subscriber.email}
        {subscriber.name && (
          <>
            <br />
            <span className={styles.muted}>{subscriber.name}</span>
          </>
        )}
      </th>
      <td>
        <span className={styles.status} data-status={subscriber.status}>
          {statusLabels[subscriber.status]}
        </span>
      </td>
      <td>
        <Consent subscriber={subscriber} />
      </td>
      <td>{formatTime(subscriber.createdAt)}</td>
      <td className={styles.rowActions}>
        {confirming ? (
          <div role="group" aria-label={`Delete ${subscriber.email}?`}>
            <p>Delete {subscriber.email} for good? This cannot be undone.</p>
            <ConfirmActions
              confirmLabel="Delete for good"
              pending={remove.isPending}
              onConfirm={deleteFor}
              onKeep={back}
            />
          </div>
        ) : (
          <button
            ref={deleteButton}
            type="button"
            className="button button-secondary"
            aria-label={`Delete ${subscriber.email}`}
            onClick={() => {
              setProblem(undefined);
              setConfirming(true);
            }}
          >
            Delete
          </button>
        )}
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </td>
    </tr>
  );
}
