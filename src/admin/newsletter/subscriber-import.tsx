import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useImportSubscribers } from '@/api/newsletter/import-subscribers.ts';
import type { DateOrder, SubscriberImportReport } from '@/content/types.gen.ts';
import { Alert } from '../ui/alert.tsx';
import { TableHead } from '../ui/table-head.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import tableStyles from '../posts/posts-page.module.css';
import { outcomeLabels } from './subscriber-labels.ts';
import { describeSubscriberProblem } from './subscriber-problem.ts';
import styles from './subscribers.module.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const delimiterWords: Record<SubscriberImportReport['delimiter'], string> = {
  ',': 'comma-separated (,)',
  ';': 'semicolon-separated (;)',
  '\t': 'tab-separated',
};

const encodingWords: Record<SubscriberImportReport['encoding'], string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (Excel’s Unicode text)',
  'utf-16be': 'UTF-16',
  'windows-1252': 'the Windows code page (Windows-1252)',
};

/** The choices for dates written 07/11/2026, the first being none: such dates are then refused, row by row. */
const dateOrderChoices: [value: DateOrder | '', label: string][] = [
  ['', 'Not chosen: not imported'],
  ['day-first', 'Day first: 7 November'],
  ['month-first', 'Month first: 11 July'],
];

/** How the file was read, in one sentence: its separator, its encoding and the order of its dates. */
function readAs(report: SubscriberImportReport): string {
  const dates =
    report.dateOrder === undefined
      ? ''
      : ` Dates like 07/11/2026 were read ${report.dateOrder === 'day-first' ? 'day first (7 November)' : 'month first (11 July)'}.`;
  return `Read as ${delimiterWords[report.delimiter]}, in ${encodingWords[report.encoding]}.${dates}`;
}

/** The import's totals in one sentence, then a row of the table for each line of the file. */
function ImportReport({ report, fileName }: { report: SubscriberImportReport; fileName: string }) {
  const headingId = useId();
  return (
    <section className={styles.report} aria-labelledby={headingId}>
      <h3 id={headingId}>What the import of {fileName} did</h3>
      <p role="status">
        {readAs(report)} {count(report.active, 'address is', 'addresses are')} active on the basis the file states,{' '}
        {count(report.confirmationSent, 'address was', 'addresses were')} asked to confirm by e-mail,{' '}
        {count(report.skipped, 'row was', 'rows were')} skipped and {count(report.refused, 'row was', 'rows were')} not
        imported.
      </p>
      {report.rows.length > 0 && (
        <ScrollRegion className={tableStyles.tableWrap} aria-labelledby={headingId}>
          <table className={`${tableStyles.table} ${styles.reportTable}`}>
            <caption className="visually-hidden">Each row of {fileName} and what was done with it</caption>
            <TableHead columns={['Line', 'Address', 'Outcome', 'Why']} />
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.line} data-outcome={row.outcome}>
                  <td>
                    <span className={styles.lineWord}>Line </span>
                    {row.line}
                  </td>
                  <th scope="row" className={styles.address}>
                    {row.email || <i>No address</i>}
                  </th>
                  <td>{outcomeLabels[row.outcome]}</td>
                  <td>{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

/**
 * Imports a CSV file of subscribers and shows what became of each row. The file stays chosen through a failure, so
 * that trying again is one press.
 */
export function SubscriberImport() {
  const headingId = useId();
  const fileId = useId();
  const dateId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const importing = useImportSubscribers();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<{ report: SubscriberImportReport; fileName: string }>();
  const [dateOrder, setDateOrder] = useState<DateOrder | ''>('');
  const problemRef = useRef<HTMLDivElement>(null);
  // A refusal moves focus to its words once they are on the page (a missing file focuses the file field instead).
  const focusProblem = useRef(false);
  useEffect(() => {
    if (!problem || !focusProblem.current) return;
    focusProblem.current = false;
    problemRef.current?.focus();
  }, [problem]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    setDone(undefined);
    if (!file) {
      setProblem('Choose a CSV file first: one address a line, under a header line naming the columns.');
      fileInput.current?.focus();
      return;
    }
    setProblem(undefined);
    importing.mutate(
      { file, dateOrder: dateOrder || undefined },
      {
        onSuccess: (report) => setDone({ report, fileName: file.name }),
        onError: (error) => {
          focusProblem.current = true;
          setProblem(
            describeSubscriberProblem(
              error,
              'The import',
              'The file and the date order are still chosen: press Import to try again.',
            ),
          );
        },
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Import from a CSV file</h2>
      <p id={`${fileId}-hint`}>
        The first line names the columns: <code>email</code> (required), <code>name</code>, <code>consented_at</code>{' '}
        and <code>consent_basis</code>, as the export writes them. A row stating both when and on what basis the person
        consented (a paper form, a fair) is active at once, and that basis is kept with the address. Every other row is
        asked to confirm by e-mail and stays pending until then. Addresses already on the list, unsubscribed ones
        included, are left as they are. Columns may be separated by commas, semicolons (as Excel saves them in India and
        most of Europe) or tabs.
      </p>
      <p id={`${dateId}-hint`}>
        Write dates year first (<code>2026-11-07</code> or <code>2026-11-07 14:30</code>, times in UTC), as the export
        does. A date written <code>07/11/2026</code> may mean 7 November or 11 July: choose which, or such rows are not
        imported.
      </p>
      <form className={styles.importForm} onSubmit={submit} noValidate>
        <div className={styles.importField}>
          <label htmlFor={fileId}>CSV file</label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            name="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            aria-describedby={`${fileId}-hint`}
            onChange={() => setProblem(undefined)}
          />
        </div>
        <div className={styles.importField}>
          <label htmlFor={dateId}>Dates like 07/11/2026</label>
          <select
            id={dateId}
            name="dateOrder"
            value={dateOrder}
            aria-describedby={`${dateId}-hint`}
            onChange={(event) => setDateOrder(event.target.value as DateOrder | '')}
          >
            {dateOrderChoices.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={importing.isPending}>
          {importing.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {problem && (
        <Alert ref={problemRef}>
          <p>{problem}</p>
        </Alert>
      )}
      {done && <ImportReport {...done} />}
    </section>
  );
}
