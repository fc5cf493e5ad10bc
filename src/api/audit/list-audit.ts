import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditQuery } from '@/content/types.gen.ts';
import { apiRequest, retryTransientFailure } from '../api-client.ts';

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

export async function listAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const { data, headers } = await apiRequest<AuditEntry[]>(`/api/audit?${params}`, { signal });
  return { entries: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export function auditQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => listAudit(query, signal),
    retry: retryTransientFailure,
    placeholderData: keepPreviousData,
  });
}

export function useAudit(query: AuditQuery) {
  return useQuery(auditQueryOptions(query));
}
