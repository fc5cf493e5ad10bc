import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAcceptInvitation } from '@/api/team/accept-invitation.ts';
import { useInvitationCheck } from '@/api/team/check-invitation.ts';
import { isApiError } from '@/api/api-client.ts';
import { site } from '@/content/site.ts';
import { roleNames } from '@/domain/team-permissions.ts';
import { fieldErrorsOf } from '../security/field-errors.ts';
import styles from '../session/sign-in.module.css';
import { Alert } from '../ui/alert.tsx';
import { formatTime } from '../ui/dates.ts';
import { controlProps, Field } from '../ui/field.tsx';

type Name = 'name' | 'password' | 'repeated';
const labels: Record<Name, string> = { name: 'The name', password: 'The password', repeated: 'The repeated password' };
const minimumLength = 12;

/**
 * /admin/invitations/{token}: the link is checked first (a used, withdrawn or expired one says so, with no form);
 * then the invited person chooses a name and a password, and is signed in.
 */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const check = useInvitationCheck(token, accept.isIdle || accept.isError);
  const [values, setValues] = useState<Record<Name, string>>({ name: '', password: '', repeated: '' });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const set = (name: Name) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Name, string>> = {};
    if (values.name.trim() === '') found.name = 'Enter the name to show on your posts.';
    if ([...values.password].length < minimumLength) {
      found.password = `The password must have at least ${minimumLength} characters.`;
    }
    if (values.repeated !== values.password) found.repeated = 'The two passwords are not the same.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    accept.mutate(
      { token, acceptance: { name: values.name.trim(), password: values.password } },
      { onSuccess: () => void navigate('/admin') },
    );
  };

  const serverErrors = fieldErrorsOf(accept.error, labels);
  const errorOf = (name: Name) => errors[name] ?? serverErrors[name];
  // A used, expired or unknown link cannot be fixed by typing again: say so instead of keeping the form.
  const dead = (error: Error | null) => isApiError(error, 410) || isApiError(error, 404);
  const deadLink = dead(accept.error) || dead(check.error);
  const problem = accept.error ?? check.error;
  const field = (name: Name, label: string, type: string, autoComplete: string) => (
    <Field id={`invitation-${name}`} label={label} error={errorOf(name)}>
      <input
        {...controlProps(`invitation-${name}`, errorOf(name))}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => set(name)(event.target.value)}
      />
    </Field>
  );
  return (
    <main className={styles.screen}>
      <title>{`Join the team | ${site.brand.name} admin`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className={styles.card}>
        <h1 className={styles.heading}>Join the {site.brand.name} team</h1>
        {check.isPending && <p role="status">Checking the invitation link…</p>}
        {problem && (
          <Alert>
            <p>{deadLink ? problem.message : `You have not joined yet: ${problem.message}`}</p>
          </Alert>
        )}
        {check.data && !deadLink && (
          <p>
            You are invited as {roleNames[check.data.role].toLowerCase()}, with the address {check.data.email}. The link
            works once, until {formatTime(check.data.expiresAt)}.
          </p>
        )}
        {!check.isPending && !deadLink && (
          <form onSubmit={submit} noValidate aria-label="Join the team">
            {field('name', 'Your name, as shown on your posts', 'text', 'name')}
            {field('password', 'Choose a password (at least 12 characters)', 'password', 'new-password')}
            {field('repeated', 'The same password again', 'password', 'new-password')}
            <button type="submit" className="button" disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : 'Join and sign in'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
