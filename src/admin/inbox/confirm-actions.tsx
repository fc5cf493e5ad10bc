import styles from './inbox.module.css';

interface ConfirmActionsProps {
  /** What the first button does for good, such as "Delete for good". */
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/** The answers to a question that cannot be undone: the act, and "Keep it", which takes the focus. */
export function ConfirmActions({ confirmLabel, pending, onConfirm, onKeep }: ConfirmActionsProps) {
  return (
    <div className={styles.actions}>
      <button type="button" className="button" disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the question replaced the button that had focus */}
      <button type="button" className="button button-secondary" autoFocus onClick={onKeep}>
        Keep it
      </button>
    </div>
  );
}
