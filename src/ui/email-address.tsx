import { Fragment } from 'react';
import styles from './email-address.module.css';

/**
 * An e-mail address that a narrow screen may wrap only after its "@" and its dots, never inside a word: the parts
 * keep whole, and a <wbr> after each separator offers the only places to break.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <span className={styles.address}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
