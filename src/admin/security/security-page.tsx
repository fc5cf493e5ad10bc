import { PageHeader } from '../ui/page-header.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** /admin/security: two-factor sign-in, the password and the admin's sessions. */
export function SecurityPage() {
  return (
    <>
      <PageHeader title="Security" />
      <TwoFactorSection />
      <PasswordSection />
      <SessionsSection />
    </>
  );
}
