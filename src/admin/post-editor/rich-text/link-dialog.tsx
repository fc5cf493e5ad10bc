import { createPortal } from 'react-dom';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isAllowedHref, normaliseHref } from './safe-url.ts';
import fieldStyles from '../../ui/field.module.css';
import styles from './rich-text.module.css';

interface LinkDialogProps {
  /** The link under the cursor, or '' for a new one. */
  initialHref: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Asks for a link's address; only addresses the server keeps (http(s), mailto, tel, site paths) are accepted. */
export function LinkDialog({ initialHref, onApply, onRemove, onClose }: LinkDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [href, setHref] = useState(initialHref);
  const [error, setError] = useState('');
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    // jsdom has no showModal; browsers do, and it traps focus and closes on Escape.
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (href.trim() === '') {
      setError('Enter the address the link goes to.');
      return;
    }
    const address = normaliseHref(href);
    if (!isAllowedHref(address)) {
      setError(
        'Use a web address (https://…), an e-mail (mailto:…), a phone number (tel:…) or a path on this site (/…).',
      );
      return;
    }
    onApply(address);
  };

  // In document.body: the post form around the editor must not hold this dialog's own form.
  return createPortal(
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={onClose}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className={styles.dialogTitle}>
          Link
        </h2>
        <label htmlFor={`${id}-href`}>Address</label>
        <input
          className={fieldStyles.input}
          id={`${id}-href`}
          type="text"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          // A dialog opened on purpose: its one field is where the writer expects to type.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setHref(event.target.value);
            setError('');
          }}
        />
        {error ? (
          <p id={`${id}-error`} className={styles.dialogError}>
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className={styles.dialogHint}>
            https://…, mailto:…, tel:… or a path on this site such as /contact.
          </p>
        )}
        <div className={styles.dialogActions}>
          <button type="submit" className="button">
            Apply link
          </button>
          {initialHref && (
            <button type="button" className="button button-secondary" onClick={onRemove}>
              Remove link
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
