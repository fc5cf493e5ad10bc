import { formatTime } from '../ui/dates.ts';
import { Alert } from '../ui/alert.tsx';
import type { StoredDraft } from './use-post-draft.ts';
import styles from './post-form.module.css';

interface DraftOfferProps {
  draft: StoredDraft;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers the changes this browser kept from an earlier visit that was never saved. */
export function DraftOffer({ draft, onRestore, onDiscard }: DraftOfferProps) {
  return (
    <Alert tone="info">
      <p>
        You have unsaved changes to this post from {formatTime(draft.savedAt)}
        {draft.values.title ? ` (“${draft.values.title}”)` : ''}. Restore them?
      </p>
      <div className={styles.inlineActions}>
        <button type="button" className="button" onClick={onRestore}>
          Restore unsaved changes
        </button>
        <button type="button" className="button button-secondary" onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </Alert>
  );
}
