import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody as Credentials, TwoFactorRequired } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { meQueryKey, type AdminUser } from './get-me.ts';

export type { Credentials };

/** The admin, signed in; or, when two-factor sign-in is on, the request for a code (POST /api/auth/2fa/verify). */
export type LogInResult = AdminUser | TwoFactorRequired;

export function needsSecondFactor(result: LogInResult): result is TwoFactorRequired {
  return 'twoFactorRequired' in result;
}

export function logIn(credentials: Credentials): Promise<LogInResult> {
  return apiJson<LogInResult>('/api/auth/login', { method: 'POST', body: credentials });
}

/**
 * Once signed in: who it is, and everything else asked for again, as what failed or was hidden while signed out
 * (drafts, a 401, the previous admin's sessions) is stale.
 */
export function signedIn(queryClient: ReturnType<typeof useQueryClient>, user: AdminUser) {
  queryClient.setQueryData(meQueryKey, user);
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== meQueryKey[0] || query.queryKey[1] !== meQueryKey[1],
  });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: logIn,
    onSuccess: (result) => (needsSecondFactor(result) ? undefined : signedIn(queryClient, result)),
  });
}
