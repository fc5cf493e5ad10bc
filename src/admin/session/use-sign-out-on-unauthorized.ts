import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '@/api/api-client.ts';
import { meQueryKey } from '@/api/auth/get-me.ts';

/**
 * A 401 from any admin call means the session has ended (expired, or ended elsewhere): the admin is then treated
 * as signed out, which brings up the sign-in form. Signing in itself answers 401 for a wrong password, so calls
 * keyed under "auth" are left to their own forms.
 */
export function useSignOutOnUnauthorized() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signOutIf = (error: unknown, key: readonly unknown[] | undefined) => {
      if (isApiError(error, 401) && key?.[0] !== 'auth') queryClient.setQueryData(meQueryKey, null);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        signOutIf(event.action.error, event.query.queryKey);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        signOutIf(event.action.error, event.mutation.options.mutationKey);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
