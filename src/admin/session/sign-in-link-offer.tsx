import { useRequestSignInLink } from '@/api/auth/request-sign-in-link.ts';
import { Alert } from '../ui/alert.tsx';
import styles from './sign-in.module.css';

/**
 * Offered when signing in with the password is refused for a while (429): a one-time link e-mailed to the address
 * typed, which works although the limit is reached. The answer is the same whether the address is a member's.
 */
export function SignInLinkOffer({ email }: { email: string }) {
  const request = useRequestSignInLink();
  const address = email.trim();
  if (request.data) {
    return (
      <Alert tone="success">
        <p>{request.data.message} Open it in this browser.</p>
      </Alert>
    );
  }
  return (
    <div className={styles.linkOffer}>
      <p>Or sign in without waiting, with a link sent to {address || 'your e-mail address'}:</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={request.isPending || address === ''}
        onClick={() => request.mutate(address)}
      >
        {request.isPending ? 'Sending…' : 'E-mail me a sign-in link'}
      </button>
      {address === '' && <p>Enter your e-mail address above first.</p>}
      {request.error && (
        <Alert>
          <p>No link was sent: {request.error.message}</p>
        </Alert>
      )}
    </div>
  );
}
