import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorEnable } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { sessionsQueryKey } from './list-sessions.ts';
import { twoFactorQueryKey } from './two-factor-status.ts';

/** Turns two-factor sign-in on with a code from the app; the answer holds the recovery codes, shown once. */
export function enableTwoFactor(body: TwoFactorEnable): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('/api/auth/2fa/enable', { method: 'POST', body });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    // The server ended the other sessions too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
      ]),
  });
}
