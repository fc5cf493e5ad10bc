import { useRef, useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router-dom';
import { subscribersCsvAddress, useSubscribers } from '@/api/newsletter/list-subscribers.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { TableHead } from '../ui/table-head.tsx';
import tableStyles from '../posts/posts-page.module.css';
import { statusOptions, statuses, subscriberFilters } from './subscriber-labels.ts';
import { describeSubscriberProblem } from './subscriber-problem.ts';
import { SubscriberImport } from './subscriber-import.tsx';
import { SubscriberRow } from './subscriber-row.tsx';
import styles from './subscribers.module.css';

const pageSize = 25;

/**
 * /admin/subscribers: the newsletter's list, newest first, filtered in the address so that a view can be shared;
 * each subscriber's status and consent, Delete, the CSV export of what is listed and an import.
 */
export function SubscribersPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const filters = subscriberFilters(searchParams);
  const filtered = filters.status !== undefined || filters.q !== undefined;
  const { data, error, isPending, isPlaceholderData } = useSubscribers({
    ...filters,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const pageCount = Math.ceil((data?.total ?? 0) / pageSize);
  const first = (page - 1) * pageSize + 1;
  const pageAddress = (target: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('page', String(target));
    return `/admin/subscribers?${params.toString()}`;
  };
  const [deleted, setDeleted] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form's fields start afresh when the address changes (a link, Back), so they always show what is listed.
  const formKey = searchParams.toString();

  return (
    <>
      <PageHeader
        title="Subscribers"
        headingRef={headingRef}
        actions={
          <a className="button button-secondary" href={subscribersCsvAddress(filters)} download>
            Export as CSV
          </a>
        }
      />
      <p className={styles.intro}>
        Readers of the newsletter. A reader who signs up is pending until they open the link e-mailed to them, then
        active; one click in any newsletter unsubscribes them, and an address that refuses mail for good is marked
        bounced. Pending readers who never confirm are deleted after 7 days.
      </p>
      <Form
        method="get"
        role="search"
        className={tableStyles.filters}
        aria-label="Filter the subscribers"
        key={formKey}
      >
        <label>
          <span>Search</span>
          <input type="search" name="q" defaultValue={filters.q} maxLength={200} />
        </label>
        <label>
          <span>Status</span>
          <select name="status" defaultValue={filters.status ?? ''}>
            <option value="">Any status</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusOptions[status]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Show subscribers
        </button>
        {filtered && (
          <Link to="/admin/subscribers" className="button button-secondary">
            Clear filters
          </Link>
        )}
      </Form>
      {deleted && (
        <Alert tone="success">
          <p>{deleted}</p>
        </Alert>
      )}
      {isPending && <p role="status">Loading the subscribers…</p>}
      {error && (
        <Alert>
          <p>{describeSubscriberProblem(error, 'Loading the subscribers', 'Reload the page to try again.')}</p>
        </Alert>
      )}
      {data && data.subscribers.length === 0 && data.total > 0 && (
        <p role="status">
          Page {page} is past the last page, {pageCount}.{' '}
          <Link to={pageAddress(pageCount)}>Go to page {pageCount}</Link>
        </p>
      )}
      {data && data.total === 0 && (
        <p role="status">
          {filtered
            ? 'No subscriber matches these filters.'
            : 'No subscribers yet: they appear here once they sign up.'}
        </p>
      )}
      {data && data.subscribers.length > 0 && (
        <>
          <p className={styles.summary} role="status">
            {data.total === 1 ? '1 subscriber' : `${data.total} subscribers`}
            {filtered ? ' match' : ''}, newest first
            {pageCount > 1
              ? `: ${first}–${first + data.subscribers.length - 1} shown, page ${page} of ${pageCount}.`
              : '.'}
          </p>
          <ScrollRegion className={tableStyles.tableWrap} aria-busy={isPlaceholderData} aria-label="Subscribers">
            <table className={`${tableStyles.table} ${styles.table}`}>
              <caption className="visually-hidden">Subscribers found: {data.total}, newest first</caption>
              <TableHead columns={['Address', 'Status', 'Consent', 'Subscribed']} actions="Actions" />
              <tbody>
                {data.subscribers.map((subscriber) => (
                  <SubscriberRow
                    key={subscriber._id}
                    subscriber={subscriber}
                    onDeleted={(message) => {
                      setDeleted(message);
                      headingRef.current?.focus();
                    }}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
      {data && <Pagination page={page} pageCount={pageCount} label="Subscriber pages" />}
      <SubscriberImport />
    </>
  );
}
