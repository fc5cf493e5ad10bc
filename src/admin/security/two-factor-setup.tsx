import { useRef, useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@/content/types.gen.ts';
import { useEnableTwoFactor } from '@/api/auth/enable-two-factor.ts';
import { Alert } from '../ui/alert.tsx';
import { controlProps, Field } from '../ui/field.tsx';
import styles from './security.module.css';

interface TwoFactorSetupFormProps {
  setup: TwoFactorSetup;
  /** The password the setup was started with, asked for again by the server to turn it on. */
  currentPassword: string;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the secret), then confirm with a code from the app. */
export function TwoFactorSetupForm({ setup, currentPassword, onEnabled, onCancel }: TwoFactorSetupFormProps) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const codeRef = useRef<HTMLInputElement>(null);
  // The SVG is drawn by our server; as an image it cannot run anything, and img-src allows data: URIs.
  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the six-digit code the app shows.');
      return codeRef.current?.focus();
    }
    setError(undefined);
    enable.mutate(
      { code: code.trim(), currentPassword },
      { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) },
    );
  };

  return (
    <div>
      <ol>
        <li>
          Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Microsoft
          Authenticator).
          <img className={styles.qr} src={qrSource} alt="QR code for your authenticator app" width={200} height={200} />
        </li>
        <li>
          Or type this key into the app: <code className={styles.secret}>{setup.secret}</code>
        </li>
        <li>Enter the code the app then shows.</li>
      </ol>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Confirm two-factor sign-in">
        {enable.error && (
          <Alert>
            <p>Two-factor sign-in was not turned on: {enable.error.message}</p>
          </Alert>
        )}
        <Field id="two-factor-setup-code" label="Code from the app" error={error}>
          <input
            ref={codeRef}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...controlProps('two-factor-setup-code', error)}
          />
        </Field>
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={enable.isPending}>
            Turn on two-factor sign-in
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
