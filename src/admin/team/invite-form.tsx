import { useState, type FormEvent } from 'react';
import { useInvite } from '@/api/team/invite.ts';
import type { TeamRole } from '@/content/types.gen.ts';
import { invitableRoles, roleNames } from '@/domain/team-permissions.ts';
import { fieldErrorsOf } from '../security/field-errors.ts';
import styles from '../security/security.module.css';
import { useAdminSession } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import { formatDate } from '../ui/dates.ts';
import { controlProps, Field } from '../ui/field.tsx';
import fieldStyles from '../ui/field.module.css';

const labels = { email: 'The e-mail address', role: 'The role' };

/** Invites with a role the inviter may give: the outbox e-mails the single-use link, which is also shown to copy. */
export function InviteForm() {
  const roles = invitableRoles(useAdminSession().user.role);
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>(roles.includes('author') ? 'author' : roles[0]!);
  const [emailError, setEmailError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = email.trim() === '' ? 'Enter the e-mail address to invite.' : undefined;
    setEmailError(blank);
    if (!blank) invite.mutate({ email: email.trim(), role });
  };
  const serverErrors = fieldErrorsOf(invite.error, labels);
  const invitation = invite.data;
  return (
    <section className={styles.panel} aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Invite someone">
        {invite.error && (
          <Alert>
            <p>No invitation was made: {invite.error.message}</p>
          </Alert>
        )}
        {invitation && (
          <Alert tone="success">
            <p>
              {invitation.email} is invited as {roleNames[invitation.role].toLowerCase()}.{' '}
              {invitation.emailed
                ? 'An e-mail with this link is on its way to them. You may also send it yourself;'
                : 'No e-mail was sent: e-mail is not set up on this server (SMTP_URL), so send them this link yourself;'}{' '}
              it works once, until {formatDate(invitation.expiresAt)}:
            </p>
            <input
              aria-label="Invitation link"
              className={fieldStyles.input}
              readOnly
              value={invitation.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </Alert>
        )}
        <Field id="invite-email" label="E-mail address" error={emailError ?? serverErrors.email}>
          <input
            {...controlProps('invite-email', emailError ?? serverErrors.email)}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field id="invite-role" label="Role" error={serverErrors.role}>
          <select
            {...controlProps('invite-role', serverErrors.role)}
            value={role}
            onChange={(event) => setRole(event.target.value as TeamRole)}
          >
            {roles.map((candidate) => (
              <option key={candidate} value={candidate}>
                {roleNames[candidate]}
              </option>
            ))}
          </select>
        </Field>
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
    </section>
  );
}
