import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionsEnded } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { sessionsQueryKey } from './list-sessions.ts';

/** "Sign out everywhere else": every session of the admin but this one. */
export function endOtherSessions(): Promise<SessionsEnded> {
  return apiJson<SessionsEnded>('/api/auth/sessions', { method: 'DELETE' });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
