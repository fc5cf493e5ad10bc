import type { ComponentType } from 'react';
import type { Permission } from '@/domain/team-permissions.ts';
import { useCan } from '../session/admin-session.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { NotAllowed } from './not-allowed.tsx';

/** A page for the roles that have `permission`; anyone else reaching it by its address is told why it stays shut. */
export function withPermission(permission: Permission, title: string, Page: ComponentType): ComponentType {
  return function PermittedPage() {
    if (useCan(permission)) return <Page />;
    return (
      <>
        <PageHeader title={title} />
        <NotAllowed permission={permission} />
      </>
    );
  };
}
