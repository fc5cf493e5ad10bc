import type { LeadListQuery } from '@/content/types.gen.ts';
import { services, statuses, types } from './lead-labels.ts';

export type InboxFilters = Omit<LeadListQuery, 'limit' | 'offset'>;

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the address (/admin/inbox?status=new&q=…), dropping anything the API would refuse. */
export function filtersFromSearch(params: URLSearchParams): InboxFilters {
  const pick = <T extends string>(name: string, allowed: readonly T[]) =>
    allowed.find((value) => value === params.get(name));
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return day.test(value) ? value : undefined;
  };
  return {
    type: pick('type', types),
    status: pick('status', statuses),
    service: pick(
      'service',
      services.map((service) => service.slug),
    ),
    q: params.get('q')?.trim().slice(0, 200) || undefined,
    from: date('from'),
    to: date('to'),
  };
}
