import { useState } from 'react';
import { useChangeTeamMember } from '@/api/team/change-team-member.ts';
import { useTeam } from '@/api/team/list-team.ts';
import { useRemoveTeamMember } from '@/api/team/remove-team-member.ts';
import type { TeamMember, TeamRole } from '@/content/types.gen.ts';
import { roleNames, teamRoles } from '@/domain/team-permissions.ts';
import { formatTime } from '../ui/dates.ts';
import styles from '../security/security.module.css';
import { useAdminSession } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import fieldStyles from '../ui/field.module.css';
import { TableHead } from '../ui/table-head.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import teamStyles from './team-list.module.css';

const givenRoles = teamRoles.filter((role) => role !== 'owner');

function RoleCell({ member }: { member: TeamMember }) {
  const change = useChangeTeamMember();
  if (member.role === 'owner') return <>{roleNames.owner}</>;
  return (
    <select
      className={`${fieldStyles.input} ${teamStyles.role}`}
      aria-label={`Role of ${member.name} (${member.email})`}
      value={member.role}
      disabled={change.isPending}
      onChange={(event) => change.mutate({ id: member._id, update: { role: event.target.value as TeamRole } })}
    >
      {givenRoles.map((role) => (
        <option key={role} value={role}>
          {roleNames[role]}
        </option>
      ))}
    </select>
  );
}

function RemoveCell({ member, team }: { member: TeamMember; team: TeamMember[] }) {
  const { user } = useAdminSession();
  const remove = useRemoveTeamMember();
  const heirs = team.filter((candidate) => candidate._id !== member._id);
  const [heir, setHeir] = useState(heirs[0]?._id ?? '');
  if (member.role === 'owner') return <span>The owner cannot be removed</span>;
  if (member._id === user._id) return <span>You</span>;
  return (
    <div className={styles.actions}>
      <select
        className={fieldStyles.input}
        aria-label={`Who takes over the posts of ${member.name}`}
        value={heir}
        onChange={(event) => setHeir(event.target.value)}
      >
        {heirs.map((candidate) => (
          <option key={candidate._id} value={candidate._id}>
            Posts go to {candidate.name} ({candidate.email})
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-secondary"
        disabled={remove.isPending}
        onClick={() => remove.mutate({ id: member._id, reassignTo: heir || undefined })}
      >
        Remove<span className="visually-hidden"> {member.name}</span>
      </button>
      {remove.error && <p role="alert">Not removed: {remove.error.message}</p>}
    </div>
  );
}

/** The team, for administrators: role, last sign-in and two-factor status; roles change and members leave here. */
export function TeamList() {
  const team = useTeam(true);
  return (
    <section className={styles.panel} aria-labelledby="team-heading">
      <h2 id="team-heading">The team</h2>
      {team.isPending && <p role="status">Loading the team…</p>}
      {team.error && (
        <Alert>
          <p>The team could not be loaded: {team.error.message}</p>
        </Alert>
      )}
      {team.data && (
        <ScrollRegion className={styles.tableWrap} aria-label="The team">
          <table className={styles.table}>
            <caption className="visually-hidden">Members of the team, the owner first</caption>
            <TableHead columns={['Name', 'Role', 'Last sign-in', 'Two-factor']} actions="Remove" />
            <tbody>
              {team.data.map((member) => (
                <tr key={member._id}>
                  <td>
                    {member.name}
                    <br />
                    <small>{member.email}</small>
                  </td>
                  <td>
                    <RoleCell member={member} />
                  </td>
                  <td>{member.lastSignInAt ? formatTime(member.lastSignInAt) : 'Never'}</td>
                  <td>{member.twoFactor ? 'On' : 'Off'}</td>
                  <td>
                    <RemoveCell member={member} team={team.data} />
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
