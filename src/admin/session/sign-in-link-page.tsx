import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '@/api/api-client.ts';
import { needsSecondFactor } from '@/api/auth/log-in.ts';
import { useSignInWithLink } from '@/api/auth/sign-in-with-link.ts';
import { site } from '@/content/site.ts';
import { Alert } from '../ui/alert.tsx';
import styles from './sign-in.module.css';
import { TwoFactorStep } from './two-factor-step.tsx';

/**
 * /admin/sign-in-link/{token}, the page an e-mailed sign-in link opens. Signing in takes a press of the button, not
 * the visit alone, so that a mail scanner that follows links does not use it up; the link then makes this browser a
 * trusted device, and two-factor sign-in asks for its code as after a password.
 */
export function SignInLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const signIn = useSignInWithLink();
  const headingId = useId();
  const [needsCode, setNeedsCode] = useState(false);
  const deadLink = isApiError(signIn.error, 404) || isApiError(signIn.error, 410);
  const start = () =>
    signIn.mutate(token, {
      onSuccess: (result) => (needsSecondFactor(result) ? setNeedsCode(true) : void navigate('/admin')),
    });
  return (
    <main className={styles.screen}>
      <title>{`Sign in with a link | ${site.brand.name} admin`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className={styles.card}>
        <h1 id={headingId} className={styles.heading}>
          Sign in to the blog admin
        </h1>
        {needsCode ? (
          <TwoFactorStep headingId={headingId} onRestart={() => void navigate('/admin')} />
        ) : (
          <>
            {signIn.error && (
              <Alert>
                <p>{signIn.error.message}</p>
              </Alert>
            )}
            {deadLink ? (
              <p>
                <Link to="/admin">Sign in with your password</Link>, or ask for a new link there.
              </p>
            ) : (
              <div className={styles.linkOffer}>
                <p>This link signs you in once, in this browser.</p>
                <button type="button" className="button" disabled={signIn.isPending} onClick={start}>
                  {signIn.isPending ? 'Signing in…' : 'Sign in'}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}
