import { permissionMeanings, roleNames, type Permission } from '@/domain/team-permissions.ts';
import { useAdminSession } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';

/** What a page says to someone who reached it by its address though their role cannot use it. */
export function NotAllowed({ permission }: { permission: Permission }) {
  const { role } = useAdminSession().user;
  return (
    <Alert tone="info">
      <p>
        Your role ({roleNames[role].toLowerCase()}) does not include {permissionMeanings[permission]}. Ask an
        administrator if you need it.
      </p>
    </Alert>
  );
}
