import type { ReactNode } from 'react';
import type { ContentDocumentVersion } from '@/content/types.gen.ts';
import { Alert } from '../ui/alert.tsx';
import { formatTime } from '../ui/dates.ts';
import type { DocumentProblem } from './document-problems.ts';
import { pointerLabel } from '@/domain/content-changes.ts';
import { revealEvent } from './form/sections-field.tsx';
import styles from './studio.module.css';

export type Outcome =
  | { kind: 'restored'; at: string }
  | { kind: 'saved'; commit: string | null }
  | { kind: 'refused'; problems: DocumentProblem[]; others: string[] }
  /** Someone saved meanwhile: `base` is the version this person's edits started from. */
  | { kind: 'conflict'; current: ContentDocumentVersion; base: Record<string, unknown> }
  | { kind: 'failed'; message: string };

interface SaveOutcomeProps {
  outcome: Exclude<Outcome, { kind: 'conflict' }>;
  onDiscardDraft: () => void;
  /** After a save: whether the public site shows it yet. */
  live?: ReactNode;
}

/** Moves focus to the field a problem is about; a closed section opens for it first (revealEvent). */
function goTo(pointer: string) {
  const field = document.querySelector(`[data-pointer="${CSS.escape(pointer)}"]`);
  const control = field?.querySelector<HTMLElement>('input, select, textarea, button') ?? (field as HTMLElement | null);
  if (control) control.focus();
  else document.dispatchEvent(new CustomEvent(revealEvent, { detail: pointer }));
}

/** What the last save, restore or draft did, in words, with what to do next. */
export function SaveOutcome({ outcome, onDiscardDraft, live }: SaveOutcomeProps) {
  switch (outcome.kind) {
    case 'restored':
      return (
        <Alert tone="info">
          <p>
            Your unsaved changes from {formatTime(outcome.at)} are back: they were kept in this browser. Save them, or{' '}
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
              ? `Saved as commit ${outcome.commit.slice(0, 7)}.`
              : 'Nothing had changed, so nothing was committed.'}
          </p>
          {live && <p>{live}</p>}
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
    case 'failed':
      return (
        <Alert>
          <p>{outcome.message}</p>
        </Alert>
      );
  }
}
