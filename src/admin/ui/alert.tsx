import type { ReactNode, Ref } from 'react';
import styles from './alert.module.css';

interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  /** To move focus to the message, so that keyboard and screen reader users land on it. */
  ref?: Ref<HTMLDivElement>;
}

/** A message in a coloured box; errors are announced at once, the others politely. */
export function Alert({ tone = 'error', children, ref }: AlertProps) {
  return (
    <div ref={ref} className={styles.alert} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {children}
    </div>
  );
}
