import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { needsSecondFactor, signedIn, type LogInResult } from './log-in.ts';

/** Uses an e-mailed sign-in link up: signed in, or asked for the second factor as after a password. */
export function signInWithLink(token: string): Promise<LogInResult> {
  return apiJson<LogInResult>(`/api/auth/sign-in-link/${encodeURIComponent(token)}`, { method: 'POST' });
}

export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithLink,
    onSuccess: (result) => (needsSecondFactor(result) ? undefined : signedIn(queryClient, result)),
  });
}
