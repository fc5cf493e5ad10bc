import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsQuery, StatsReport } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';

/** A range of whole UTC days, both ends included, as GET /api/stats and its CSV export take it. */
export type StatsRange = Pick<StatsQuery, 'from' | 'to'>;

function rangeParams({ from, to }: StatsRange): URLSearchParams {
  return new URLSearchParams({ from, to });
}

/** Where the range's figures download as CSV: a plain link, as the session cookie goes with it. */
export function statsCsvAddress(range: StatsRange): string {
  return `/api/stats/export.csv?${rangeParams(range)}`;
}

export function getStats(range: StatsRange, signal?: AbortSignal): Promise<StatsReport> {
  return apiJson<StatsReport>(`/api/stats?${rangeParams(range)}&compare=true`, { signal });
}

export function statsQueryOptions(range: StatsRange) {
  return queryOptions({
    queryKey: ['stats', range.from, range.to],
    queryFn: ({ signal }) => getStats(range, signal),
    retry: retryTransientFailure,
    // The previous range stays on screen, dimmed, while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The traffic report of a range; `enabled` is false while the range typed in the address is not valid. */
export function useStats(range: StatsRange | null) {
  return useQuery({
    ...statsQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}
