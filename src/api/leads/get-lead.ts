import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadRecord } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { leadsQueryKey } from './lead-query-key.ts';

export function leadAddress(id: string): string {
  return `/api/leads/${encodeURIComponent(id)}`;
}

/** Where an application's CV downloads, as an attachment. */
export function leadCvAddress(id: string): string {
  return `${leadAddress(id)}/cv`;
}

export function getLead(id: string, signal?: AbortSignal): Promise<LeadRecord> {
  return apiJson<LeadRecord>(leadAddress(id), { signal });
}

export function leadQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...leadsQueryKey, 'one', id],
    queryFn: ({ signal }) => getLead(id, signal),
    retry: retryTransientFailure,
  });
}

export function useLead(id: string) {
  return useQuery(leadQueryOptions(id));
}
