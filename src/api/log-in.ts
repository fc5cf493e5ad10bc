import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from './api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';
import { meQueryKey, type AdminUser } from './get-me.ts';

export interface Credentials {
  email: string;
  password: string;
}

export function logIn(credentials: Credentials): Promise<AdminUser> {
  return apiJson<AdminUser>('/api/auth/login', { method: 'POST', body: credentials });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: logIn,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      // What failed or was hidden while signed out (drafts, a 401) is worth asking for again.
      return queryClient.invalidateQueries({ queryKey: blogQueryKey });
    },
  });
}
