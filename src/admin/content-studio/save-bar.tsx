import { useEffect, useRef, type ReactNode } from 'react';
import fieldStyles from '../ui/field.module.css';
import styles from './studio.module.css';

interface SaveBarProps {
  message: string;
  onMessage: (message: string) => void;
  onSave: () => void;
  saving: boolean;
  changed: boolean;
  /** Said instead of "No unsaved changes." after a save: whether it is live yet. */
  saved?: ReactNode;
}

/**
 * The save bar, kept at the bottom of the window and as low as it can be. Its height is the page's bottom scroll
 * padding, so that a field reached by Tab scrolls into view above it; a field it would still cover (a click, a
 * script's focus) is scrolled up.
 */
export function SaveBar({ message, onMessage, onSave, saving, changed, saved }: SaveBarProps) {
  const bar = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--studio-save-bar', `${Math.ceil(element.getBoundingClientRect().height)}px`),
    );
    observer.observe(element);
    const uncover = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target || element.contains(target) || !target.getBoundingClientRect) return;
      const covered = target.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
      if (covered > 0) window.scrollBy({ top: covered + 16 });
    };
    document.addEventListener('focusin', uncover);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', uncover);
      root.style.removeProperty('--studio-save-bar');
    };
  }, []);

  return (
    <form
      ref={bar}
      className={styles.saveBar}
      aria-label="Save"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <label htmlFor="studio-save-message" className={styles.saveLabel}>
        What changed<span className="visually-hidden"> (the history shows this)</span>
      </label>
      <span className={styles.saveState} data-unsaved={changed ? true : undefined}>
        {changed ? 'Unsaved changes' : (saved ?? 'No unsaved changes.')}
      </span>
      <input
        id="studio-save-message"
        className={`${fieldStyles.input} ${styles.saveInput}`}
        value={message}
        onChange={(event) => onMessage(event.target.value)}
        maxLength={200}
      />
      <button type="submit" className="button" disabled={saving || !changed}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
