import { useState, type FormEvent } from 'react';
import { useDisableTwoFactor } from '@/api/auth/disable-two-factor.ts';
import { Alert } from '../ui/alert.tsx';
import { controlProps, Field } from '../ui/field.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { fieldErrorsOf } from './field-errors.ts';
import styles from './security.module.css';

type Errors = Partial<Record<'currentPassword' | 'code', string>>;

const labels = { currentPassword: 'Your current password', code: 'The code' };

/** Turning two-factor sign-in off asks for the password and a current code (or a recovery code). */
export function TwoFactorDisableForm() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (password === '') found.currentPassword = 'Enter your current password.';
    if (code.trim() === '') found.code = 'Enter the code from your app, or a recovery code.';
    setErrors(found);
    if (found.currentPassword || found.code) return;
    disable.mutate({ currentPassword: password, code: code.trim() });
  };

  const serverErrors = fieldErrorsOf(disable.error, labels);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      {disable.error && (
        <Alert>
          <p>Two-factor sign-in is still on: {disable.error.message}</p>
        </Alert>
      )}
      <CurrentPasswordField
        id="two-factor-off-password"
        value={password}
        onChange={setPassword}
        error={errors.currentPassword ?? serverErrors.currentPassword}
      />
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
