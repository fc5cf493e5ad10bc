import { useId, useRef, useState, type FormEvent } from 'react';
import { useImportSubscribers } from '@/api/newsletter/import-subscribers.ts';
import type { SubscriberImportReport } from '@/content/types.gen.ts';
import { Alert } from '../ui/alert.tsx';
import { TableHead } from '../ui/table-head.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import tableStyles from '../posts/posts-page.module.css';
import { outcomeLabels } from './subscriber-labels.ts';
import { describeSubscriberProblem } from './subscriber-problem.ts';
import styles from './subscribers.module.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The import's totals in one sentence, then a row of the table for each line of the file. */
function ImportReport({ report, fileName }: { report: SubscriberImportReport; fileName: string }) {
  const headingId = useId();
  return (
    <section className={styles.report} aria-labelledby={headingId}>
      <h3 id={headingId}>What the import of {fileName} did</h3>
      <p role="status">
        {count(report.active, 'address is', 'addresses are')} active on the basis the file states,{' '}
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
                  <td>{row.line}</td>
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
  const fileInput = useRef<HTMLInputElement>(null);
  const importing = useImportSubscribers();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<{ report: SubscriberImportReport; fileName: string }>();
  const problemRef = useRef<HTMLDivElement>(null);

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
    importing.mutate(file, {
      onSuccess: (report) => setDone({ report, fileName: file.name }),
      onError: (error) => {
        setProblem(
          describeSubscriberProblem(error, 'The import', 'The file is still chosen: press Import to try again.'),
        );
        queueMicrotask(() => problemRef.current?.focus());
      },
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Import from a CSV file</h2>
      <p id={`${fileId}-hint`}>
        The first line names the columns: <code>email</code> (required), <code>name</code>, <code>consented_at</code>{' '}
        and <code>consent_basis</code>, as the export writes them. A row stating both when and on what basis the person
        consented (a paper form, a fair) is active at once, and that basis is kept with the address. Every other row is
        asked to confirm by e-mail and stays pending until then. Addresses already on the list, unsubscribed ones
        included, are left as they are.
      </p>
      <form className={styles.importForm} onSubmit={submit} noValidate>
        <label htmlFor={fileId}>CSV file</label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          name="file"
          accept=".csv,text/csv"
          aria-describedby={`${fileId}-hint`}
          onChange={() => setProblem(undefined)}
        />
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
