import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Subscriber, SubscriberListQuery } from '@/content/types.gen.ts';
import { apiRequest, retryTransientFailure } from '../api-client.ts';
import { subscribersQueryKey } from './subscriber-query-key.ts';

export interface SubscriberPage {
  subscribers: Subscriber[];
  total: number;
}

function searchParams(query: SubscriberListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/** Where the filtered list downloads as CSV: a plain link, as the session cookie goes with it. */
export function subscribersCsvAddress(query: Omit<SubscriberListQuery, 'limit' | 'offset'>): string {
  const params = searchParams(query).toString();
  return params ? `/api/subscribers/export.csv?${params}` : '/api/subscribers/export.csv';
}

export async function listSubscribers(query: SubscriberListQuery, signal?: AbortSignal): Promise<SubscriberPage> {
  const { data, headers } = await apiRequest<Subscriber[]>(`/api/subscribers?${searchParams(query)}`, { signal });
  return { subscribers: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export function useSubscribers(query: SubscriberListQuery) {
  return useQuery({
    queryKey: [...subscribersQueryKey, 'list', query],
    queryFn: ({ signal }) => listSubscribers(query, signal),
    retry: retryTransientFailure,
    placeholderData: keepPreviousData,
  });
}
