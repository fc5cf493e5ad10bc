import type { ContentDocumentVersion } from '@/content/types.gen.ts';
import { formatDate } from '@/ui/format-date.ts';
import { Alert } from '../ui/alert.tsx';
import type { FieldChange } from '@/domain/content-changes.ts';
import type { DocumentProblem } from './document-problems.ts';
import { pointerLabel } from '@/domain/content-changes.ts';
import { revealEvent } from './form/sections-field.tsx';
import styles from './studio.module.css';

export type Outcome =
  | { kind: 'restored'; at: string }
  | { kind: 'saved'; commit: string | null }
  | { kind: 'refused'; problems: DocumentProblem[]; others: string[] }
  | { kind: 'conflict'; current: ContentDocumentVersion; changes: FieldChange[] }
  | { kind: 'failed'; message: string };

interface SaveOutcomeProps {
  outcome: Outcome;
  onDiscardDraft: () => void;
  onKeepMine: (current: ContentDocumentVersion) => void;
  onTakeTheirs: (current: ContentDocumentVersion) => void;
}

/** Moves focus to the field a problem is about; a closed section opens for it first (revealEvent). */
function goTo(pointer: string) {
  const field = document.querySelector(`[data-pointer="${CSS.escape(pointer)}"]`);
  const control = field?.querySelector<HTMLElement>('input, select, textarea, button') ?? (field as HTMLElement | null);
  if (control) control.focus();
  else document.dispatchEvent(new CustomEvent(revealEvent, { detail: pointer }));
}

/** What the last save, restore or draft did, in words, with what to do next. */
export function SaveOutcome({ outcome, onDiscardDraft, onKeepMine, onTakeTheirs }: SaveOutcomeProps) {
  switch (outcome.kind) {
    case 'restored':
      return (
        <Alert tone="info">
          <p>
            Your unsaved changes from {formatDate(outcome.at)} are back: they were kept in this browser. Save them, or{' '}
            <button type="button" className={styles.linkButton} onClick={onDiscardDraft}>
              discard them
            </button>
            .
          </p>
        </Alert>
      );
    case 'saved':
      return (
        <Alert tone="success">
          <p>
            {outcome.commit
              ? `Saved as commit ${outcome.commit.slice(0, 7)}. The public site shows it within 30 seconds.`
              : 'Nothing had changed, so nothing was committed.'}
          </p>
        </Alert>
      );
    case 'refused':
      return (
        <Alert>
          <p>
            Not saved:{' '}
            {outcome.problems.length + outcome.others.length === 1
              ? 'one problem needs'
              : `${outcome.problems.length + outcome.others.length} problems need`}{' '}
            fixing first. Your changes are kept.
          </p>
          <ul className={styles.problems}>
            {outcome.problems.map((problem) => (
              <li key={`${problem.pointer} ${problem.message}`}>
                <button type="button" className={styles.linkButton} onClick={() => goTo(problem.pointer)}>
                  {pointerLabel(problem.pointer, null)}
                </button>
                : {problem.message}
              </li>
            ))}
            {outcome.others.map((other) => (
              <li key={other}>In another document, {other}</li>
            ))}
          </ul>
        </Alert>
      );
    case 'conflict':
      return (
        <Alert>
          <p>Not saved: someone else saved this page since you opened it. Your changes are kept. What they changed:</p>
          <ul className={styles.problems}>
            {outcome.changes.length === 0 && <li>Nothing you can see in the form (the file’s layout only).</li>}
            {outcome.changes.slice(0, 12).map((change) => (
              <li key={change.pointer}>
                {change.label}: {change.after === undefined ? 'removed' : `now “${change.after}”`}
              </li>
            ))}
            {outcome.changes.length > 12 && <li>and {outcome.changes.length - 12} more fields.</li>}
          </ul>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => onKeepMine(outcome.current)}>
              Keep my version, then save over theirs
            </button>
            <button type="button" className="button button-secondary" onClick={() => onTakeTheirs(outcome.current)}>
              Drop my changes and load theirs
            </button>
          </div>
        </Alert>
      );
    case 'failed':
      return (
        <Alert>
          <p>{outcome.message}</p>
        </Alert>
      );
  }
}
