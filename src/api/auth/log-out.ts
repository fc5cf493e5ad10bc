import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { blogQueryKey } from '../blog/index.ts';
import { meQueryKey } from './get-me.ts';

/** Ends the session on the server, not only in this tab. */
export function logOut(): Promise<void> {
  return apiJson<void>('/api/auth/logout', { method: 'POST' });
}

export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: logOut,
    onSuccess: () => {
      // Drafts fetched while signed in must not stay in memory for whoever uses this tab next.
      queryClient.removeQueries({ queryKey: blogQueryKey });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
