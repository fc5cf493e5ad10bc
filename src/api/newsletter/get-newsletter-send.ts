import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsletterSend } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { newsletterQueryKey } from './newsletter-query-key.ts';

/** How often a send still under way is asked again. */
export const sendPollMs = 2000;

export function getNewsletterSend(id: string, signal?: AbortSignal): Promise<NewsletterSend> {
  return apiJson<NewsletterSend>(`/api/newsletters/${encodeURIComponent(id)}`, { signal });
}

/** Whether a send can still move: queued, sending or paused (a member may resume it from another tab). */
export const isUnderWay = (send: Pick<NewsletterSend, 'status'>) =>
  send.status !== 'done' && send.status !== 'cancelled';

export function newsletterSendQueryKey(id: string) {
  return [...newsletterQueryKey, 'send', id] as const;
}

export function newsletterSendQueryOptions(id: string) {
  return queryOptions({
    queryKey: newsletterSendQueryKey(id),
    queryFn: ({ signal }) => getNewsletterSend(id, signal),
    retry: retryTransientFailure,
    // Polled while under way and the tab is seen (react-query stops in a hidden tab); a failure stops it until asked.
    refetchInterval: (query) =>
      query.state.data && isUnderWay(query.state.data) && query.state.status !== 'error' ? sendPollMs : false,
    refetchIntervalInBackground: false,
  });
}

export function useNewsletterSend(id: string) {
  return useQuery(newsletterSendQueryOptions(id));
}
