import type { NewsletterSend } from '@/content/types.gen.ts';
import { formatCount, handledOf } from './send-words.ts';
import styles from './send.module.css';

/** The send's figures in words and numbers, and a bar of the messages dealt with out of all of them. */
export function SendProgress({ send }: { send: NewsletterSend }) {
  const handled = handledOf(send);
  const percent = send.total === 0 ? 100 : Math.floor((handled / send.total) * 100);
  const figures = [
    ['Sent', send.sent, 'accepted by the receiving mail servers'],
    ['Waiting', send.waiting, 'still to go, retries after a temporary refusal included'],
    ['Failed', send.failed, 'refused for good: those addresses are now marked bounced'],
    ['Not sent', send.skipped, 'the subscriber left during the send, or the send was cancelled'],
  ] as const;
  return (
    <section className={styles.progress} aria-labelledby="send-progress-heading">
      <h2 id="send-progress-heading">Progress</h2>
      <div
        role="progressbar"
        aria-label="Messages dealt with"
        aria-valuemin={0}
        aria-valuemax={send.total}
        aria-valuenow={handled}
        aria-valuetext={`${formatCount(handled)} of ${formatCount(send.total)} messages dealt with (${percent}%)`}
        className={styles.bar}
      >
        <div className={styles.barFill} data-status={send.status} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.barCaption}>
        {formatCount(handled)} of {formatCount(send.total)} messages dealt with ({percent}%)
      </p>
      <dl className={styles.figures}>
        {figures.map(([name, value, meaning]) => (
          <div key={name} className={styles.figure}>
            <dt>{name}</dt>
            <dd>
              <span className={styles.number}>{formatCount(value)}</span> <span>{meaning}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
