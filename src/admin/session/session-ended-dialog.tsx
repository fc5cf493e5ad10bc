import { SignInForm } from './sign-in-form.tsx';
import styles from './sign-in.module.css';

/**
 * Shown over the page when the session ends while an admin works: the page stays as it was underneath (inert),
 * so signing in again carries on with nothing typed lost.
 */
export function SessionEndedDialog() {
  return (
    <div className={styles.backdrop}>
      <div role="dialog" aria-modal="true" aria-labelledby="session-ended-heading" className={styles.card}>
        <h2 id="session-ended-heading" className={styles.heading}>
          Sign in again
        </h2>
        <p>Your session has ended. Sign in to carry on: nothing you typed has been lost.</p>
        <SignInForm headingId="session-ended-heading" focusOnMount />
      </div>
    </div>
  );
}
