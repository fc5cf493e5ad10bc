import type { MouseEvent, Ref } from 'react';
import { fieldLabels, fieldOrder, type FieldErrors } from './field-labels.ts';
import styles from './post-form.module.css';

interface ErrorSummaryProps {
  errors: FieldErrors;
  idPrefix: string;
  ref?: Ref<HTMLDivElement>;
}

/** Moves the cursor into the field, which following the link alone would only scroll to. */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const control = document.getElementById(id);
  if (!control) return;
  event.preventDefault();
  control.focus();
  control.scrollIntoView?.({ block: 'center' });
}

/** The form's problems in one list at the top, each linking to its field; focused when saving is refused. */
export function ErrorSummary({ errors, idPrefix, ref }: ErrorSummaryProps) {
  const fields = fieldOrder.filter((field) => errors[field]);
  if (fields.length === 0) return null;
  return (
    <div ref={ref} className={styles.errorSummary} role="alert" tabIndex={-1} aria-labelledby="error-summary-heading">
      <h2 id="error-summary-heading">
        Please correct {fields.length === 1 ? 'this' : `these ${fields.length}`} before saving
      </h2>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${idPrefix}${field}`} onClick={(event) => focusField(event, `${idPrefix}${field}`)}>
              {fieldLabels[field]}: {errors[field]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
