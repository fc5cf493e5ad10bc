import { Alert } from '../ui/alert.tsx';
import { defaultChoice, overwritten, shownValue, type MergeChoice, type MergeField } from './document-merge.ts';
import styles from './conflict-view.module.css';

interface ConflictViewProps {
  fields: MergeField[];
  choices: Record<string, MergeChoice>;
  onChoose: (pointer: string, choice: MergeChoice) => void;
  saving: boolean;
  onSave: () => void;
  onTakeTheirs: () => void;
}

const who: Record<MergeField['changedBy'], string> = {
  theirs: 'Changed by the other save only',
  mine: 'Changed by you only',
  both: 'Changed by both of you',
};

/**
 * After a 409: the fields on which this person's version and the one saved meanwhile differ, each with both values
 * and a choice between them (the side that changed it by default, theirs kept), saved in one step.
 */
export function ConflictView({ fields, choices, onChoose, saving, onSave, onTakeTheirs }: ConflictViewProps) {
  const replaced = overwritten(fields, choices).length;
  return (
    <Alert>
      <p>
        <strong>Not saved: someone else saved this page since you opened it.</strong> Your changes are kept, unsaved.
        {fields.length === 0
          ? ' Their save changed nothing you can see in the form.'
          : ' Choose, field by field, which version to keep, then save.'}
      </p>
      {fields.length > 0 && (
        <ol className={styles.fields}>
          {fields.map((field) => {
            const choice = choices[field.pointer] ?? defaultChoice(field);
            const name = `conflict-${field.pointer}`;
            return (
              <li key={field.pointer}>
                <fieldset className={styles.field} data-both={field.changedBy === 'both' ? true : undefined}>
                  <legend>
                    {field.label} <span className={styles.who}>({who[field.changedBy]})</span>
                  </legend>
                  <div className={styles.option}>
                    <input
                      type="radio"
                      id={`${name}-mine`}
                      name={name}
                      checked={choice === 'mine'}
                      onChange={() => onChoose(field.pointer, 'mine')}
                    />
                    <label htmlFor={`${name}-mine`}>
                      <span className={styles.side}>Keep yours</span>
                      <span className={styles.value}>{shownValue(field.mine)}</span>
                    </label>
                  </div>
                  <div className={styles.option}>
                    <input
                      type="radio"
                      id={`${name}-theirs`}
                      name={name}
                      checked={choice === 'theirs'}
                      onChange={() => onChoose(field.pointer, 'theirs')}
                    />
                    <label htmlFor={`${name}-theirs`}>
                      <span className={styles.side}>Take the other save’s</span>
                      <span className={styles.value}>{shownValue(field.theirs)}</span>
                    </label>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <p className={styles.summary}>
        {replaced === 0
          ? 'Saving keeps every change the other save made, beside yours.'
          : `Saving replaces ${replaced === 1 ? 'one of their changes' : `${replaced} of their changes`} with yours; the commit says which.`}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" disabled={saving} onClick={onSave}>
          {saving ? 'Saving…' : 'Save with these choices'}
        </button>
        <button type="button" className="button button-secondary" disabled={saving} onClick={onTakeTheirs}>
          Drop all my changes and load theirs
        </button>
      </div>
    </Alert>
  );
}
