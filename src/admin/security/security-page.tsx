import { ProfileSection } from '../team/profile-section.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** /admin/security: one's profile, two-factor sign-in, the password and one's sessions. */
export function SecurityPage() {
  return (
    <>
      <PageHeader title="Security" />
      <ProfileSection />
      <TwoFactorSection />
      <PasswordSection />
      <SessionsSection />
    </>
  );
}
