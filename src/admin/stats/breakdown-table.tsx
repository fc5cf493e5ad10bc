import { useId, useState, type ReactNode } from 'react';
import { formatCount } from './stats-format.ts';
import styles from './stats-dashboard.module.css';
import { ScrollRegion } from '../ui/scroll-region.tsx';

export interface Column<Row> {
  label: string;
  value: (row: Row) => string;
}

interface BreakdownTableProps<Row extends { key: string }> {
  title: string;
  /** The heading of the first column: Page, Source, Browser… */
  keyLabel: string;
  rows: Row[];
  columns: Column<Row>[];
  /** How a row's key reads; its plain text by default. */
  renderKey?: (key: string) => ReactNode;
  /** What an empty table says instead. */
  empty?: string;
}

const shortList = 10;

export const counted = <Row,>(label: string, pick: (row: Row) => number): Column<Row> => ({
  label,
  value: (row) => formatCount(pick(row)),
});

/** One breakdown of the range as a titled table: its first ten rows, and the rest on request. */
export function BreakdownTable<Row extends { key: string }>({
  title,
  keyLabel,
  rows,
  columns,
  renderKey = (key) => key,
  empty = 'None in this range.',
}: BreakdownTableProps<Row>) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, shortList);
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <ScrollRegion className={styles.tableWrap} aria-labelledby={headingId} role="group">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{keyLabel}</th>
                  {columns.map((column) => (
                    <th scope="col" key={column.label}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{renderKey(row.key)}</th>
                    {columns.map((column) => (
                      <td key={column.label}>{column.value(row)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {rows.length > shortList && (
            <button type="button" className={styles.more} onClick={() => setAll((shownAll) => !shownAll)}>
              {all ? `Show the first ${shortList}` : `Show all ${rows.length}`}
              <span className="visually-hidden"> of {title.toLowerCase()}</span>
            </button>
          )}
        </>
      )}
    </section>
  );
}
