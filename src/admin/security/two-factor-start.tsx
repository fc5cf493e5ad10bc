import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@/content/types.gen.ts';
import { useSetUpTwoFactor } from '@/api/auth/set-up-two-factor.ts';
import { Alert } from '../ui/alert.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { fieldErrorsOf } from './field-errors.ts';
import styles from './security.module.css';

interface TwoFactorStartProps {
  /** The setup, with the password it was confirmed with: turning it on asks for that password again. */
  onStarted: (setup: TwoFactorSetup, currentPassword: string) => void;
}

const labels = { currentPassword: 'Your current password' };

/** Setting up starts with the password, so that a session alone cannot put someone else's phone on the account. */
export function TwoFactorStartForm({ onStarted }: TwoFactorStartProps) {
  const setUp = useSetUpTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError('Enter your current password.');
    setError(undefined);
    setUp.mutate(password, { onSuccess: (setup) => onStarted(setup, password) });
  };

  const serverErrors = fieldErrorsOf(setUp.error, labels);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      {setUp.error && (
        <Alert>
          <p>Could not start the setup: {setUp.error.message}</p>
        </Alert>
      )}
      <CurrentPasswordField
        id="two-factor-setup-password"
        value={password}
        onChange={setPassword}
        error={error ?? serverErrors.currentPassword}
      />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={setUp.isPending}>
          Set up two-factor sign-in
        </button>
      </div>
    </form>
  );
}
