import type { Subscriber, SubscriberImportRow } from '@/content/types.gen.ts';

export const statuses: readonly Subscriber['status'][] = ['pending', 'active', 'unsubscribed', 'bounced'];

/** A subscriber's status in words. */
export const statusLabels: Record<Subscriber['status'], string> = {
  pending: 'Pending: not confirmed yet',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced: the address refuses mail',
};

/** The status filter's options, shorter than the list's words. */
export const statusOptions: Record<Subscriber['status'], string> = {
  pending: 'Pending',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

/** What an import did with a row, in words. */
export const outcomeLabels: Record<SubscriberImportRow['outcome'], string> = {
  active: 'Imported: active',
  'confirmation-sent': 'Imported: asked to confirm',
  skipped: 'Skipped',
  refused: 'Not imported',
};

/** The filters in the address (/admin/subscribers?status=active&q=…), dropping anything the API would refuse. */
export function subscriberFilters(params: URLSearchParams): { status?: Subscriber['status']; q?: string } {
  return {
    status: statuses.find((status) => status === params.get('status')),
    q: params.get('q')?.trim().slice(0, 200) || undefined,
  };
}
