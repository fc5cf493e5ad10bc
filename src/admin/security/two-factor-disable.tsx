import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-client.ts';
import { useDisableTwoFactor } from '@/api/disable-two-factor.ts';
import { Alert } from '../ui/alert.tsx';
import { controlProps, Field } from '../ui/field.tsx';
import styles from './security.module.css';

type Errors = Partial<Record<'password' | 'code', string>>;

/** Turning two-factor sign-in off asks for the password and a current code (or a recovery code). */
export function TwoFactorDisableForm() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (password === '') found.password = 'Enter your password.';
    if (code.trim() === '') found.code = 'Enter the code from your app, or a recovery code.';
    setErrors(found);
    if (found.password || found.code) return;
    disable.mutate({ password, code: code.trim() });
  };

  const details = isApiError(disable.error) ? disable.error.details : [];
  const serverErrors = Object.fromEntries(details.map((detail) => [detail.path.slice(1), detail.message])) as Errors;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      {disable.error && (
        <Alert>
          <p>Two-factor sign-in is still on: {disable.error.message}</p>
        </Alert>
      )}
      <Field id="two-factor-off-password" label="Password" error={errors.password ?? serverErrors.password}>
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...controlProps('two-factor-off-password', errors.password ?? serverErrors.password)}
        />
      </Field>
      <Field
        id="two-factor-off-code"
        label="Code from the app, or a recovery code"
        error={errors.code ?? serverErrors.code}
      >
        <input
          type="text"
          autoComplete="one-time-code"
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...controlProps('two-factor-off-code', errors.code ?? serverErrors.code)}
        />
      </Field>
      <div className={styles.actions}>
        <button type="submit" className="button button-secondary" disabled={disable.isPending}>
          Turn off two-factor sign-in
        </button>
      </div>
    </form>
  );
}
