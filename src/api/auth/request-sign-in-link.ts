import { useMutation } from '@tanstack/react-query';
import type { SignInLinkSent } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';

/** Asks for a one-time sign-in link by e-mail; the answer is the same for any address. */
export function requestSignInLink(email: string): Promise<SignInLinkSent> {
  return apiJson<SignInLinkSent>('/api/auth/sign-in-link', { method: 'POST', body: { email } });
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}
