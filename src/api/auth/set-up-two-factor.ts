import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';

/** A new secret for the authenticator app; two-factor sign-in is on only once a code confirms it. */
export function setUpTwoFactor(currentPassword: string): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST', body: { currentPassword } });
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}
