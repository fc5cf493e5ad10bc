import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-client.ts';
import { useVerifyTwoFactor } from '@/api/auth/verify-two-factor.ts';
import { Alert } from '../ui/alert.tsx';
import { controlProps, Field } from '../ui/field.tsx';
import styles from './sign-in.module.css';

interface TwoFactorStepProps {
  headingId: string;
  /** Back to the e-mail and password, when the pending sign-in has expired or the admin wants to. */
  onRestart: () => void;
}

/** The second step of signing in: the code from the authenticator app, or one of the recovery codes. */
export function TwoFactorStep({ headingId, onRestart }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const codeRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    codeRef.current?.focus();
  }, [recovery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(recovery ? 'Enter one of your recovery codes.' : 'Enter the six-digit code from your app.');
      return codeRef.current?.focus();
    }
    setError(undefined);
    verify.mutate(code.trim(), { onError: () => requestAnimationFrame(() => alertRef.current?.focus()) });
  };

  const expired = verify.error && isApiError(verify.error, 401) && /expired/.test(verify.error.message);
  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <p>
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Enter the six-digit code your authenticator app shows for this site.'}
      </p>
      {verify.error && (
        <Alert ref={alertRef}>
          <p>{verify.error.message}</p>
          {expired && (
            <button type="button" className="button button-secondary" onClick={onRestart}>
              Sign in again
            </button>
          )}
        </Alert>
      )}
      <Field id="sign-in-code" label={label} error={error}>
        <input
          ref={codeRef}
          type="text"
          name="code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...controlProps('sign-in-code', error)}
        />
      </Field>
      <button type="submit" className={`button ${styles.submit}`} disabled={verify.isPending}>
        Verify
      </button>
      {verify.isPending && (
        <p role="status" className={styles.pending}>
          Checking the code…
        </p>
      )}
      <p className={styles.alternatives}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setRecovery(!recovery);
            setError(undefined);
          }}
        >
          {recovery ? 'Use the code from your app' : 'Use a recovery code'}
        </button>
        <button type="button" className={styles.linkButton} onClick={onRestart}>
          Start again
        </button>
      </p>
    </form>
  );
}
