import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import styles from './studio.module.css';

/**
 * Asks before the person leaves a page with unsaved changes: the browser's own question when the tab closes or
 * reloads, and a dialog of ours when a link in the admin would take them elsewhere.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set; the text itself is not shown any more.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  useEffect(() => {
    const element = dialog.current;
    // jsdom has no showModal; browsers do, and it keeps focus in the dialog and closes it on Escape.
    if (blocker.state === 'blocked' && element && !element.open) element.showModal?.();
  }, [blocker.state]);

  if (blocker.state !== 'blocked') return null;
  return (
    <dialog
      ref={dialog}
      className={styles.leaveDialog}
      aria-labelledby="leave-title"
      aria-describedby="leave-about"
      onCancel={() => blocker.reset()}
    >
      <h2 id="leave-title">Leave without saving?</h2>
      <p id="leave-about">
        Your changes to this page are not saved, so visitors do not see them. This browser tab keeps them until it is
        closed: come back to the page to save them.
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => blocker.reset()}>
          Stay on this page
        </button>
        <button type="button" className="button button-secondary" onClick={() => blocker.proceed()}>
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
