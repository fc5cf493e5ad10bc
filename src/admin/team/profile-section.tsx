import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useChangeTeamMember } from '@/api/change-team-member.ts';
import { meQueryKey } from '@/api/get-me.ts';
import { fieldErrorsOf } from '../security/field-errors.ts';
import styles from '../security/security.module.css';
import { useAdminSession } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import { controlProps, Field } from '../ui/field.tsx';

const labels = { name: 'The name' };

/** One's own profile: the name shown on one's posts. */
export function ProfileSection() {
  const { user } = useAdminSession();
  const queryClient = useQueryClient();
  const change = useChangeTeamMember();
  const [name, setName] = useState(user.name);
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = name.trim() === '' ? 'Enter the name to show on your posts.' : undefined;
    setNameError(blank);
    if (blank) return;
    change.mutate(
      { id: user._id, update: { name: name.trim() } },
      { onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }) },
    );
  };
  const serverErrors = fieldErrorsOf(change.error, labels);
  return (
    <section className={styles.panel} aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your profile</h2>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Your profile">
        {change.error && (
          <Alert>
            <p>Your profile was not changed: {change.error.message}</p>
          </Alert>
        )}
        {change.isSuccess && (
          <Alert tone="success">
            <p>Your profile is saved: your posts show the new name.</p>
          </Alert>
        )}
        <Field id="profile-name" label="Name, as shown on your posts" error={nameError ?? serverErrors.name}>
          <input
            {...controlProps('profile-name', nameError ?? serverErrors.name)}
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Save profile'}
          </button>
        </div>
      </form>
    </section>
  );
}
