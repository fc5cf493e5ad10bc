import { site } from '@/content/site.ts';
import { deletionSoon } from '@/domain/lead-retention.ts';
import { formatDate } from '../ui/dates.ts';

/**
 * "Deleted on 03 Jan 2027", in the admin's one date format and the reader's zone, when a lead that arrived at
 * `createdAt` goes within 30 days (the consent text's promise); null while it is further off.
 */
export function deletionNotice(createdAt: string, now = new Date(), timeZone?: string): string | null {
  const at = deletionSoon(createdAt, site.privacy.retentionDays, now);
  return at && `Deleted on ${formatDate(at, timeZone)}`;
}
