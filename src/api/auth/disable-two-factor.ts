import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorDisable } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { sessionsQueryKey } from './list-sessions.ts';
import { twoFactorQueryKey } from './two-factor-status.ts';

export function disableTwoFactor(body: TwoFactorDisable): Promise<void> {
  return apiJson<void>('/api/auth/2fa/disable', { method: 'POST', body });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
      ]),
  });
}
