import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { signedIn } from './log-in.ts';

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
export function verifyTwoFactor(code: string): Promise<AdminUser> {
  return apiJson<AdminUser>('/api/auth/2fa/verify', { method: 'POST', body: { code } });
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'verify'],
    mutationFn: verifyTwoFactor,
    onSuccess: (user) => signedIn(queryClient, user),
  });
}
