import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@/content/types.gen.ts';
import { apiJson } from './api-client.ts';

/** A new secret for the authenticator app; two-factor sign-in is on only once a code confirms it. */
export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' });
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}
