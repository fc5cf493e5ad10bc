import { useEffect, useId, useRef } from 'react';
import type { CommentStatus } from '@/content/types.gen.ts';
import { actionLabels, actionsFor, countComments, type ModerationAction } from './comment-labels.ts';
import styles from './comments.module.css';

interface BulkBarProps {
  status: CommentStatus;
  shown: number;
  selected: number;
  onSelectAll: (selected: boolean) => void;
  onAction: (action: ModerationAction) => void;
  busy: boolean;
}

/** Select all the comments shown, and act on the selected ones at once. */
export function BulkBar({ status, shown, selected, onSelectAll, onAction, busy }: BulkBarProps) {
  const id = useId();
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected > 0 && selected < shown;
  }, [selected, shown]);

  return (
    <div className={styles.bulk} role="group" aria-label="Selected comments">
      <div className={styles.selectAll}>
        <input
          ref={selectAll}
          type="checkbox"
          id={`${id}-all`}
          checked={shown > 0 && selected === shown}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        <label htmlFor={`${id}-all`}>Select all {shown} shown</label>
      </div>
      <p className={styles.selectedCount} aria-live="polite">
        {selected === 0 ? 'None selected' : `${countComments(selected)} selected`}
      </p>
      <div className={styles.actions}>
        {actionsFor[status].map((action) => (
          <button
            key={action}
            type="button"
            className="button button-secondary"
            onClick={() => onAction(action)}
            disabled={busy || selected === 0}
            aria-label={`${actionLabels[action]} the selected comments`}
          >
            {actionLabels[action]}
          </button>
        ))}
      </div>
    </div>
  );
}
