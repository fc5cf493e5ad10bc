import { Form, Link, useSearchParams } from 'react-router-dom';
import { leadsCsvAddress, useLeads } from '@/api/leads/list-leads.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { formatTime } from '../ui/dates.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pagination } from '../ui/pagination.tsx';
import tableStyles from '../posts/posts-page.module.css';
import { deletionNotice } from './deletion-notice.ts';
import { filtersFromSearch } from './inbox-filters.ts';
import { serviceTitle, services, statusLabels, statuses, typeLabels, types } from './lead-labels.ts';
import styles from './inbox.module.css';
import { TableHead } from '../ui/table-head.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';

const pageSize = 25;

/** Under a lead's arrival, when it is deleted within 30 days (the consent text's promise). */
function DeletionNotice({ createdAt }: { createdAt: string }) {
  const notice = deletionNotice(createdAt);
  if (notice === null) return null;
  return (
    <>
      <br />
      <span className={styles.muted}>{notice}</span>
    </>
  );
}

/** /admin/inbox: enquiries and applications, newest first, filtered in the address so that a view can be shared. */
export function InboxPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const filters = filtersFromSearch(searchParams);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const { data, error, isPending, isPlaceholderData } = useLeads({
    ...filters,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  // The form's fields start afresh when the address changes (a link, Back), so they always show what is listed.
  const formKey = searchParams.toString();

  return (
    <>
      <PageHeader
        title="Inbox"
        actions={
          <>
            <a className="button button-secondary" href={leadsCsvAddress(filters)} download>
              Export as CSV
            </a>
            <Link className="button button-secondary" to="/admin/privacy">
              Privacy requests
            </Link>
          </>
        }
      />
      <Form method="get" role="search" className={tableStyles.filters} aria-label="Filter the leads" key={formKey}>
        <label>
          <span>Search</span>
          <input type="search" name="q" defaultValue={filters.q} maxLength={200} />
        </label>
        <label>
          <span>Type</span>
          <select name="type" defaultValue={filters.type ?? ''}>
            <option value="">Enquiries and applications</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Status</span>
          <select name="status" defaultValue={filters.status ?? ''}>
            <option value="">Any status</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Service</span>
          <select name="service" defaultValue={filters.service ?? ''}>
            <option value="">Any service</option>
            {services.map((service) => (
              <option key={service.slug} value={service.slug}>
                {service.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Arrived from</span>
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          <span>Arrived until</span>
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <button type="submit" className="button">
          Show leads
        </button>
        {filtered && (
          <Link to="/admin/inbox" className="button button-secondary">
            Clear filters
          </Link>
        )}
      </Form>
      {isPending && <p role="status">Loading the leads…</p>}
      {error && (
        <Alert>
          <p>The leads could not be loaded: {error.message}</p>
        </Alert>
      )}
      {data && data.leads.length === 0 && (
        <p role="status">{filtered ? 'No lead matches these filters.' : 'No enquiries or applications yet.'}</p>
      )}
      {data && data.leads.length > 0 && (
        <>
          <p className={styles.summary} role="status">
            {data.total === 1 ? '1 lead' : `${data.total} leads`}
            {filtered ? ' match' : ''}, newest first.
          </p>
          <ScrollRegion className={tableStyles.tableWrap} aria-busy={isPlaceholderData} aria-label="Leads">
            <table className={tableStyles.table}>
              <caption className="visually-hidden">Leads found: {data.total}, newest first</caption>
              <TableHead columns={['Name', 'Status', 'Type', 'About', 'Received']} />
              <tbody>
                {data.leads.map((lead) => (
                  <tr key={lead._id}>
                    <th scope="row">
                      <Link to={`/admin/inbox/${encodeURIComponent(lead._id)}`}>{lead.name}</Link>
                      <br />
                      <span className={styles.muted}>{lead.email}</span>
                    </th>
                    <td>
                      <span className={styles.status} data-status={lead.status}>
                        {statusLabels[lead.status]}
                      </span>
                    </td>
                    <td>{typeLabels[lead.type]}</td>
                    <td>
                      {lead.type === 'application'
                        ? (lead.role ?? 'Any role')
                        : lead.service
                          ? serviceTitle(lead.service)
                          : '—'}
                    </td>
                    <td>
                      {formatTime(lead.createdAt)}
                      <DeletionNotice createdAt={lead.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
      {data && <Pagination page={page} pageCount={Math.ceil(data.total / pageSize)} label="Inbox pages" />}
    </>
  );
}
