import { useState, type FormEvent } from 'react';
import { useChangePassword } from '@/api/auth/change-password.ts';
import { Alert } from '../ui/alert.tsx';
import { controlProps, Field } from '../ui/field.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { fieldErrorsOf } from './field-errors.ts';
import styles from './security.module.css';

type Name = 'currentPassword' | 'newPassword' | 'repeated';
const labels: Record<Name, string> = {
  currentPassword: 'Your current password',
  newPassword: 'The new password',
  repeated: 'The repeated password',
};
const minimumLength = 12;

/** A new password, with the current one: a session alone cannot change it. Every other session ends. */
export function PasswordSection() {
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Name, string>>({ currentPassword: '', newPassword: '', repeated: '' });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const set = (name: Name) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Name, string>> = {};
    if (values.currentPassword === '') found.currentPassword = 'Enter your current password.';
    if ([...values.newPassword].length < minimumLength) {
      found.newPassword = `The new password must have at least ${minimumLength} characters.`;
    }
    if (values.repeated !== values.newPassword) found.repeated = 'The two new passwords are not the same.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      { onSuccess: () => setValues({ currentPassword: '', newPassword: '', repeated: '' }) },
    );
  };

  const serverErrors = fieldErrorsOf(change.error, labels);
  const errorOf = (name: Name) => errors[name] ?? serverErrors[name];
  return (
    <section className={styles.panel} aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Change your password">
        {change.error && (
          <Alert>
            <p>The password was not changed: {change.error.message}</p>
          </Alert>
        )}
        {change.isSuccess && (
          <Alert tone="success">
            <p>Your password is changed. Every other session has been signed out.</p>
          </Alert>
        )}
        <CurrentPasswordField
          id="password-current"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errorOf('currentPassword')}
        />
        {(['newPassword', 'repeated'] as const).map((name) => (
          <Field
            key={name}
            id={`password-${name}`}
            label={
              name === 'newPassword' ? `New password (at least ${minimumLength} characters)` : 'New password again'
            }
            error={errorOf(name)}
          >
            <input
              type="password"
              autoComplete="new-password"
              value={values[name]}
              onChange={(event) => set(name)(event.target.value)}
              {...controlProps(`password-${name}`, errorOf(name))}
            />
          </Field>
        ))}
        <div className={styles.actions}>
          <button type="submit" className="button button-secondary" disabled={change.isPending}>
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
