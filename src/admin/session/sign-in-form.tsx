import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-client.ts';
import { needsSecondFactor, useLogIn } from '@/api/auth/log-in.ts';
import { Alert } from '../ui/alert.tsx';
import { InputField } from '../ui/field.tsx';
import { SignInLinkOffer } from './sign-in-link-offer.tsx';
import styles from './sign-in.module.css';
import { TwoFactorStep } from './two-factor-step.tsx';

type CredentialErrors = Partial<Record<'email' | 'password', string>>;

function checkCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {};
  if (email.trim() === '') errors.email = 'Enter your e-mail address.';
  if (password === '') errors.password = 'Enter your password.';
  return errors;
}

function failureMessage(error: Error): string {
  if (isApiError(error, 429) && error.retryAfterSeconds) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    return `${error.message} You can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  return error.message;
}

interface SignInFormProps {
  headingId: string;
  /** Put the cursor in the e-mail field at once, as when the form appears over a page. */
  focusOnMount?: boolean;
}

/** E-mail and password; on success the admin's session starts and the page they asked for shows. */
export function SignInForm({ headingId, focusOnMount = false }: SignInFormProps) {
  const logIn = useLogIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [needsCode, setNeedsCode] = useState(false);

  useEffect(() => {
    if (focusOnMount) emailRef.current?.focus();
  }, [focusOnMount]);

  if (needsCode) {
    return (
      <TwoFactorStep
        headingId={headingId}
        onRestart={() => {
          setNeedsCode(false);
          setPassword('');
          logIn.reset();
        }}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCredentials(email, password);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    logIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => setNeedsCode(needsSecondFactor(result)),
        onError: () => {
          setPassword('');
          // After the render that shows the message.
          requestAnimationFrame(() => alertRef.current?.focus());
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
      {logIn.error && (
        <Alert ref={alertRef}>
          <p>{failureMessage(logIn.error)}</p>
        </Alert>
      )}
      <InputField
        id="sign-in-email"
        label="Email"
        error={errors.email}
        value={email}
        onChange={setEmail}
        control={{ ref: emailRef, type: 'email', name: 'email', autoComplete: 'username' }}
      />
      <InputField
        id="sign-in-password"
        label="Password"
        error={errors.password}
        value={password}
        onChange={setPassword}
        control={{ ref: passwordRef, type: 'password', name: 'password', autoComplete: 'current-password' }}
      />
      <button type="submit" className={`button ${styles.submit}`} disabled={logIn.isPending}>
        Sign in
      </button>
      {logIn.isPending && (
        <p role="status" className={styles.pending}>
          Signing in…
        </p>
      )}
      {isApiError(logIn.error, 429) && <SignInLinkOffer email={email} />}
    </form>
  );
}
