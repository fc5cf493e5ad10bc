import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadListQuery, LeadRecord } from '@/content/types.gen.ts';
import { apiRequest, retryTransientFailure } from '../api-client.ts';
import { leadsQueryKey } from './lead-query-key.ts';

export interface LeadPage {
  leads: LeadRecord[];
  total: number;
}

/** The query string of a list of leads, without empty filters; the CSV export takes the same. */
export function leadSearchParams(query: LeadListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/** Where the filtered list downloads as CSV: a plain link, as the session cookie goes with it. */
export function leadsCsvAddress(query: Omit<LeadListQuery, 'limit' | 'offset'>): string {
  const params = leadSearchParams(query).toString();
  return params ? `/api/leads/export.csv?${params}` : '/api/leads/export.csv';
}

export async function listLeads(query: LeadListQuery, signal?: AbortSignal): Promise<LeadPage> {
  const { data, headers } = await apiRequest<LeadRecord[]>(`/api/leads?${leadSearchParams(query)}`, { signal });
  return { leads: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export function leadsQueryOptions(query: LeadListQuery) {
  return queryOptions({
    queryKey: [...leadsQueryKey, 'list', query],
    queryFn: ({ signal }) => listLeads(query, signal),
    retry: retryTransientFailure,
    placeholderData: keepPreviousData,
  });
}

export function useLeads(query: LeadListQuery) {
  return useQuery(leadsQueryOptions(query));
}

/** How many leads wait with status new, for the sidebar's badge. */
export function useNewLeadCount(enabled = true) {
  return useQuery({
    ...leadsQueryOptions({ status: 'new', limit: 1 }),
    enabled,
    select: (page) => page.total,
    placeholderData: undefined,
  });
}
