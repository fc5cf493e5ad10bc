import { useCan } from '../session/admin-session.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { InvitationList } from './invitation-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { NotAllowed } from './not-allowed.tsx';
import { TeamList } from './team-list.tsx';

/** /admin/users: administrators see and manage the team; editors invite authors and contributors. */
export function TeamPage() {
  const manages = useCan('users');
  const invites = useCan('users:invite');
  return (
    <>
      <PageHeader title="Users" />
      {!invites && <NotAllowed permission="users:invite" />}
      {invites && <InviteForm />}
      {manages && <InvitationList />}
      {manages && <TeamList />}
    </>
  );
}
