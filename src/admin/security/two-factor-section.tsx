import { useState } from 'react';
import type { TwoFactorSetup } from '@/content/types.gen.ts';
import { useTwoFactorStatus } from '@/api/auth/two-factor-status.ts';
import { Alert } from '../ui/alert.tsx';
import { RecoveryCodesPanel } from './recovery-codes.tsx';
import styles from './security.module.css';
import { TwoFactorDisableForm } from './two-factor-disable.tsx';
import { TwoFactorSetupForm } from './two-factor-setup.tsx';
import { TwoFactorStartForm } from './two-factor-start.tsx';

/** Two-factor sign-in: its state, setting it up, the recovery codes once, and turning it off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<{ setup: TwoFactorSetup; currentPassword: string }>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
  } else if (setup) {
    // Before the status: it turns to "on" while the form is still waiting for its recovery codes.
    body = (
      <TwoFactorSetupForm
        setup={setup.setup}
        currentPassword={setup.currentPassword}
        onEnabled={(codes) => {
          setSetup(undefined);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(undefined)}
      />
    );
  } else if (status.isPending) {
    body = <p role="status">Loading…</p>;
  } else if (status.error) {
    body = (
      <Alert>
        <p>Whether two-factor sign-in is on could not be loaded: {status.error.message}</p>
      </Alert>
    );
  } else if (status.data.enabled) {
    body = (
      <>
        <p>
          <strong>On.</strong> Signing in asks for a code from your authenticator app after the password.{' '}
          {status.data.recoveryCodesLeft} recovery code{status.data.recoveryCodesLeft === 1 ? '' : 's'} left.
        </p>
        <TwoFactorDisableForm />
      </>
    );
  } else {
    body = (
      <>
        <p>
          <strong>Off.</strong> With two-factor sign-in, a stolen password is not enough: signing in also needs a code
          from an app on your phone.
        </p>
        <TwoFactorStartForm onStarted={(started, currentPassword) => setSetup({ setup: started, currentPassword })} />
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>
      {body}
    </section>
  );
}
