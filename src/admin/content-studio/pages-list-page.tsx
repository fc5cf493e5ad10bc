import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ContentSummary } from '@/content/types.gen.ts';
import { useContentList } from '@/api/content-studio/list-content.ts';
import { commitSummary } from '@/domain/content-changes.ts';
import { Alert } from '../ui/alert.tsx';
import { formatTime } from '../ui/dates.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { TableHead } from '../ui/table-head.tsx';
import { PushNotice } from './push-notice.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import fieldStyles from '../ui/field.module.css';
import styles from './studio.module.css';

/** The site's documents grouped as the site is: each group's heading, and which ids fall in it. */
const groups: { heading: string; holds: (entry: ContentSummary) => boolean }[] = [
  { heading: 'Pages', holds: (entry) => entry.kind === 'page' },
  { heading: 'Services', holds: (entry) => entry.kind === 'service' },
  { heading: 'Articles', holds: (entry) => entry.kind === 'article' },
  { heading: 'Legal', holds: (entry) => entry.kind === 'legal' },
  { heading: 'Site settings: navigation, footer, contact details and forms', holds: (entry) => entry.kind === 'site' },
  { heading: 'Redirects', holds: (entry) => entry.kind === 'redirects' },
];

const matches = (entry: ContentSummary, words: string) =>
  words === '' ||
  [entry.title, entry.route ?? '', entry.id, entry.lastChange?.author ?? '', entry.lastChange?.message ?? '']
    .join(' ')
    .toLowerCase()
    .includes(words);

/** /admin/pages: every content document, grouped as the site is, with its route, title and last change. */
export function PagesListPage() {
  const { data, error, isPending } = useContentList();
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const found = (data ?? []).filter((entry) => matches(entry, words));
  return (
    <>
      <PageHeader title="Pages" />
      <ReadOnlyNotice />
      <PushNotice />
      <form
        role="search"
        className={styles.search}
        aria-label="Find pages"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          <span>Words in the title, route, author or message</span>
          <input
            type="search"
            className={fieldStyles.input}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </form>
      {isPending && <p role="status">Loading the site’s pages…</p>}
      {error && (
        <Alert>
          <p>The pages could not be loaded: {error.message}</p>
        </Alert>
      )}
      {data && (
        <p role="status" className={styles.count}>
          {words === '' ? `${data.length} documents` : `${found.length} of ${data.length} documents match`}
        </p>
      )}
      {groups.map(({ heading, holds }) => {
        const entries = found.filter(holds);
        if (entries.length === 0) return null;
        return (
          <section key={heading} aria-labelledby={`group-${heading.slice(0, 5)}`} className={styles.group}>
            <h2 id={`group-${heading.slice(0, 5)}`}>{heading}</h2>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <TableHead columns={['Title', 'Route', 'Last change']} />
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <th scope="row">
                        <Link to={`/admin/pages/${entry.id}`}>{entry.title}</Link>
                      </th>
                      <td data-label="Route">{entry.route ? <code>{entry.route}</code> : '—'}</td>
                      <td data-label="Last change">
                        {entry.lastChange ? (
                          <>
                            <span className={styles.meta}>
                              {entry.lastChange.author}, {formatTime(entry.lastChange.at)}
                            </span>
                            <span className={styles.message}>{commitSummary(entry.lastChange.message)}</span>
                          </>
                        ) : (
                          'Not in git'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </>
  );
}
