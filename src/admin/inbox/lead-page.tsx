import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '@/api/api-client.ts';
import { useDeleteLead } from '@/api/leads/delete-lead.ts';
import { leadCvAddress, useLead } from '@/api/leads/get-lead.ts';
import type { LeadRecord } from '@/content/types.gen.ts';
import { cvDownloadName } from '@/domain/lead-retention.ts';
import { EmailAddress } from '@/ui/email-address.tsx';
import { describeSize } from '../media/media-thumbnail.ts';
import { formatTime } from '../ui/dates.ts';
import { mailtoHref } from '../ui/mailto.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { deletionNotice } from './deletion-notice.ts';
import { LeadAttributionFacts } from './lead-attribution-facts.tsx';
import { serviceTitle, statusLabels, typeLabels } from './lead-labels.ts';
import { LeadNoteForm } from './lead-note-form.tsx';
import { describeLeadProblem } from './lead-problem.ts';
import { LeadStatusForm } from './lead-status-form.tsx';
import { ConfirmActions } from './confirm-actions.tsx';
import styles from './inbox.module.css';

function Fact({ term, value }: { term: string; value: string | undefined }) {
  if (value === undefined || value === '') return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

function LeadDetails({ lead }: { lead: LeadRecord }) {
  return (
    <section className={styles.card} aria-labelledby="lead-details">
      <h2 id="lead-details">{typeLabels[lead.type]}</h2>
      <dl className={styles.facts}>
        <dt>E-mail</dt>
        <dd>
          <a href={mailtoHref(lead.email)}>
            <EmailAddress address={lead.email} />
          </a>
        </dd>
        <Fact term="Phone" value={lead.phone} />
        <Fact term="Company" value={lead.company} />
        <Fact term="Service" value={lead.service && serviceTitle(lead.service)} />
        <Fact term="Budget" value={lead.budget} />
        <Fact term="Role" value={lead.role} />
        <Fact term="Message" value={lead.message} />
        <Fact term="Cover letter" value={lead.coverLetter} />
        <Fact term="Received" value={formatTime(lead.createdAt)} />
        <Fact term="Retention" value={deletionNotice(lead.createdAt) ?? undefined} />
        <Fact term="Agreed to" value={lead.consentText} />
      </dl>
      {lead.cv && (
        <p>
          <a
            className="button button-secondary"
            href={leadCvAddress(lead._id)}
            download={cvDownloadName(lead.cv.fileName, lead.cv.mimeType)}
          >
            Download the CV
          </a>{' '}
          <span className={styles.muted}>
            {lead.cv.fileName}, {lead.cv.mimeType === 'application/pdf' ? 'PDF' : 'Word document'},{' '}
            {describeSize(lead.cv.bytes)}
          </span>
        </p>
      )}
    </section>
  );
}

function LeadHistory({ lead }: { lead: LeadRecord }) {
  return (
    <section className={styles.card} aria-labelledby="lead-history">
      <h2 id="lead-history">History</h2>
      <ol className={styles.timeline}>
        {lead.history.map((change, index) => (
          <li key={`${change.at}-${index}`}>
            {index === 0 ? 'Arrived as' : 'Moved to'} <strong>{statusLabels[change.status]}</strong>
            {change.by ? ` by ${change.by}` : ''}, {formatTime(change.at)}
          </li>
        ))}
      </ol>
    </section>
  );
}

function LeadNotes({ lead }: { lead: LeadRecord }) {
  return (
    <section className={styles.card} aria-labelledby="lead-notes">
      <h2 id="lead-notes">Notes</h2>
      {lead.notes.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ol className={styles.timeline}>
          {lead.notes.map((note, index) => (
            <li key={`${note.at}-${index}`}>
              <strong>{note.author}</strong>, {formatTime(note.at)}
              <p className={styles.noteText}>{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <LeadNoteForm leadId={lead._id} />
    </section>
  );
}

function DeleteLead({ lead }: { lead: LeadRecord }) {
  const navigate = useNavigate();
  const remove = useDeleteLead();
  const [confirming, setConfirming] = useState(false);
  const what = lead.cv ? 'its notes, history and CV' : 'its notes and history';
  return (
    <section className={styles.card} aria-labelledby="lead-delete">
      <h2 id="lead-delete">Delete</h2>
      {confirming ? (
        <div className={styles.form}>
          <p>
            Delete {lead.name}’s {typeLabels[lead.type].toLowerCase()} with {what}? This cannot be undone.
          </p>
          <ConfirmActions
            confirmLabel="Delete for good"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(lead._id, { onSuccess: () => void navigate('/admin/inbox', { replace: true }) })
            }
            onKeep={() => setConfirming(false)}
          />
          {remove.isError && (
            <Alert>
              <p>{describeLeadProblem(remove.error, 'Deleting the lead', '')}</p>
            </Alert>
          )}
        </div>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          Delete this lead…
        </button>
      )}
    </section>
  );
}

/** /admin/inbox/{id}: one lead with every field, where it came from, its status, history, notes and CV. */
export function LeadPage() {
  const { id = '' } = useParams();
  const { data: lead, error, isPending } = useLead(id);
  if (isPending) return <p role="status">Loading the lead…</p>;
  if (error) {
    return (
      <>
        <PageHeader title={isApiError(error, 404) ? 'Lead not found' : 'Lead'} />
        <Alert>
          <p>
            {isApiError(error, 404)
              ? 'There is no such lead: it may have been deleted.'
              : `The lead could not be loaded: ${error.message}`}
          </p>
        </Alert>
        <p>
          <Link to="/admin/inbox">Back to the inbox</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={lead.name} actions={<Link to="/admin/inbox">Back to the inbox</Link>} />
      <div className={styles.layout}>
        <div>
          <LeadDetails lead={lead} />
          <LeadNotes lead={lead} />
        </div>
        <div>
          <section className={styles.card} aria-labelledby="lead-status">
            <h2 id="lead-status">Pipeline</h2>
            <LeadStatusForm key={lead.status} leadId={lead._id} status={lead.status} />
          </section>
          <LeadHistory lead={lead} />
          <LeadAttributionFacts attribution={lead.attribution} />
          <DeleteLead lead={lead} />
        </div>
      </div>
    </>
  );
}
