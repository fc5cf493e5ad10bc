import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useErasePersonalData } from '@/api/privacy/erase-personal-data.ts';
import { useExportPersonalData } from '@/api/privacy/export-personal-data.ts';
import type { PrivacyExport } from '@/content/types.gen.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { describeLeadProblem } from './lead-problem.ts';
import { typeLabels } from './lead-labels.ts';
import { ConfirmActions } from './confirm-actions.tsx';
import styles from './inbox.module.css';

const looksLikeAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Offers the export as a JSON file, made in the browser from the answer the server audited. */
function downloadJson(found: PrivacyExport): void {
  const blob = new Blob([JSON.stringify(found, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `personal-data-${found.email.replace(/[^\w.@-]/g, '_')}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

function describeFound(found: PrivacyExport): string {
  const enquiries = found.leads.filter((lead) => lead.type === 'enquiry').length;
  const applications = found.leads.length - enquiries;
  const cvs = found.leads.filter((lead) => lead.cv).length;
  const notes = found.leads.reduce((sum, lead) => sum + lead.notes.length, 0);
  return `${enquiries} ${enquiries === 1 ? 'enquiry' : 'enquiries'}, ${applications} ${
    applications === 1 ? 'application' : 'applications'
  } with ${cvs} ${cvs === 1 ? 'CV' : 'CVs'}, and ${notes} ${notes === 1 ? 'note' : 'notes'}`;
}

/** /admin/privacy: find everything stored about an e-mail address, download it as JSON, or erase it. */
export function PrivacyPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const find = useExportPersonalData();
  const erase = useErasePersonalData();
  const found = find.data;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeAddress.test(address)) {
      setFieldError('Enter an e-mail address, such as name@example.com.');
      return;
    }
    setFieldError(undefined);
    setConfirming(false);
    erase.reset();
    find.mutate(address);
  };

  return (
    <>
      <PageHeader title="Privacy requests" actions={<Link to="/admin/inbox">Back to the inbox</Link>} />
      <p>
        Answer a request to see or erase someone’s data: find what is stored under their e-mail address, send them the
        JSON file, or erase it all. Each export and erasure is recorded in Activity.
      </p>
      <form className={`${styles.card} ${styles.form}`} onSubmit={search} noValidate>
        <label htmlFor={`${id}-email`}>E-mail address</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
        />
        {fieldError && (
          <p id={`${id}-error`} role="alert">
            {fieldError}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={find.isPending}>
            Find their data
          </button>
        </div>
      </form>
      {find.isError && (
        <Alert>
          <p>{describeLeadProblem(find.error, 'Finding the data', 'The address is still in the box.')}</p>
        </Alert>
      )}
      {found && !erase.isSuccess && (
        <section className={styles.card} aria-labelledby={`${id}-found`}>
          <h2 id={`${id}-found`}>Stored about {found.email}</h2>
          {found.leads.length === 0 ? (
            <p role="status">Nothing is stored about this address.</p>
          ) : (
            <>
              <p role="status">{describeFound(found)}.</p>
              <ul>
                {found.leads.map((lead) => (
                  <li key={lead._id}>
                    <Link to={`/admin/inbox/${encodeURIComponent(lead._id)}`}>
                      {typeLabels[lead.type]} from {lead.name}
                    </Link>
                    {lead.cv ? `, with the CV ${lead.cv.fileName}` : ''}
                  </li>
                ))}
              </ul>
              <div className={styles.actions}>
                <button type="button" className="button button-secondary" onClick={() => downloadJson(found)}>
                  Download as JSON
                </button>
                {!confirming && (
                  <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
                    Erase it all…
                  </button>
                )}
              </div>
              {confirming && (
                <div className={styles.form}>
                  <p>
                    Erase {describeFound(found)} stored about {found.email}? This cannot be undone.
                  </p>
                  <ConfirmActions
                    confirmLabel="Erase for good"
                    pending={erase.isPending}
                    onConfirm={() => erase.mutate(found.email)}
                    onKeep={() => setConfirming(false)}
                  />
                </div>
              )}
              {erase.isError && (
                <Alert>
                  <p>{describeLeadProblem(erase.error, 'Erasing the data', 'Nothing was erased.')}</p>
                </Alert>
              )}
            </>
          )}
        </section>
      )}
      {erase.isSuccess && (
        <Alert tone="success">
          <p>
            Erased {erase.data.leads} {erase.data.leads === 1 ? 'lead' : 'leads'} and {erase.data.cvs}{' '}
            {erase.data.cvs === 1 ? 'CV' : 'CVs'} of {found?.email}.
          </p>
        </Alert>
      )}
    </>
  );
}
