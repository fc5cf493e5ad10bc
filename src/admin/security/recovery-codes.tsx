import { useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import styles from './security.module.css';

interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
}

/** The recovery codes, shown this once, with ways to keep them. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesProps) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const text = `${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <section aria-labelledby="recovery-codes-heading">
      <Alert tone="success">
        <p>Two-factor sign-in is on.</p>
      </Alert>
      <h3 id="recovery-codes-heading">Your recovery codes</h3>
      <p>
        If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe: they
        are shown only now.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className="button button-secondary" onClick={copy}>
          Copy the codes
        </button>
        <a className="button button-secondary" href={download} download="recovery-codes.txt">
          Download as a text file
        </a>
        <button type="button" className="button" onClick={onDone}>
          I have saved them
        </button>
      </div>
      {copied && (
        <p role="status">
          {copied === 'yes' ? 'Copied.' : 'This browser would not copy: select the codes and copy them by hand.'}
        </p>
      )}
    </section>
  );
}
