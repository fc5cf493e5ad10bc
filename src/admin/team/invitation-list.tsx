import { useInvitations } from '@/api/team/list-invitations.ts';
import { useRevokeInvitation } from '@/api/team/revoke-invitation.ts';
import type { OpenInvitation } from '@/content/types.gen.ts';
import { roleNames } from '@/domain/team-permissions.ts';
import { formatTime } from '../ui/dates.ts';
import styles from '../security/security.module.css';
import { Alert } from '../ui/alert.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { TableHead } from '../ui/table-head.tsx';

function RevokeButton({
  invitation,
  revoke,
}: {
  invitation: OpenInvitation;
  revoke: ReturnType<typeof useRevokeInvitation>;
}) {
  const role = roleNames[invitation.role].toLowerCase();
  const confirmAndRevoke = () => {
    const question = `Withdraw the invitation of ${invitation.email} as ${role}? Its link stops working at once.`;
    if (window.confirm(question)) revoke.mutate(invitation._id);
  };
  return (
    <button type="button" className="button button-secondary" disabled={revoke.isPending} onClick={confirmAndRevoke}>
      Revoke <span className="visually-hidden">the invitation of {invitation.email}</span>
    </button>
  );
}

/**
 * The invitations whose links still work, for administrators: the address, the role, who sent it and until when;
 * each can be revoked, after a confirmation.
 */
export function InvitationList() {
  const invitations = useInvitations(true);
  // Here rather than in the row: a refused withdrawal refreshes the list, which may no longer hold that row.
  const revoke = useRevokeInvitation();
  return (
    <section className={styles.panel} aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Open invitations</h2>
      {invitations.isPending && <p role="status">Loading the invitations…</p>}
      {invitations.error && (
        <Alert>
          <p>The invitations could not be loaded: {invitations.error.message}</p>
        </Alert>
      )}
      {revoke.error && (
        <Alert>
          <p>Not revoked: {revoke.error.message}</p>
        </Alert>
      )}
      {invitations.data?.length === 0 && <p>No invitation is waiting to be accepted.</p>}
      {invitations.data && invitations.data.length > 0 && (
        <ScrollRegion className={styles.tableWrap} aria-label="Open invitations">
          <table className={styles.table}>
            <caption className="visually-hidden">Invitations not yet accepted, the soonest to expire first</caption>
            <TableHead columns={['E-mail address', 'Role', 'Invited by', 'Link works until']} actions="Revoke" />
            <tbody>
              {invitations.data.map((invitation) => (
                <tr key={invitation._id}>
                  <td>{invitation.email}</td>
                  <td>{roleNames[invitation.role]}</td>
                  <td>
                    {invitation.invitedBy ? (
                      <>
                        {invitation.invitedBy.name}
                        <br />
                        <small>{invitation.invitedBy.email}</small>
                      </>
                    ) : (
                      'Someone no longer in the team'
                    )}
                  </td>
                  <td>{formatTime(invitation.expiresAt)}</td>
                  <td>
                    <RevokeButton invitation={invitation} revoke={revoke} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
