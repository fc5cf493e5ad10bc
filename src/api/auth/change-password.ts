import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChange } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { sessionsQueryKey } from './list-sessions.ts';

export function changePassword(body: PasswordChange): Promise<void> {
  return apiJson<void>('/api/auth/password', { method: 'POST', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server ended every other session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
