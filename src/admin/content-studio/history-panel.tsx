import { useEffect, useRef, useState } from 'react';
import { getContentDocument } from '@/api/content-studio/get-content-document.ts';
import { useContentVersion } from '@/api/content-studio/get-content-version.ts';
import { useContentHistory } from '@/api/content-studio/list-content-history.ts';
import { useRestoreContentVersion } from '@/api/content-studio/restore-content-version.ts';
import { isApiError } from '@/api/api-client.ts';
import { Alert } from '../ui/alert.tsx';
import { formatTime } from '../ui/dates.ts';
import { commitSummary, documentChanges } from '@/domain/content-changes.ts';
import styles from './studio.module.css';

type Document = Record<string, unknown>;

interface HistoryPanelProps {
  id: string;
  /** The document in the form now, unsaved edits included: versions are compared with it. */
  current: Document;
  writable: boolean;
  onRestored: (current: { document: Document; version: string }) => void;
}

/** One version compared with the form's document, field by field. */
function Comparison({ id, commit, current }: { id: string; commit: string; current: Document }) {
  const version = useContentVersion(id, commit);
  if (version.error) return <Alert>The version could not be loaded: {version.error.message}</Alert>;
  if (!version.data) return <p role="status">Loading that version…</p>;
  const changes = documentChanges(version.data, current);
  if (changes.length === 0) return <p>This version is the same as the page in the form.</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Fields that differ between that version and the form</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">That version</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.pointer}>
              <th scope="row">{change.label}</th>
              <td data-label="That version">{change.before ?? <em>(none)</em>}</td>
              <td data-label="Now">{change.after ?? <em>(none)</em>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The document's history: who changed it, when and why; each version compared with now, and restored. */
export function HistoryPanel({ id, current, writable, onRestored }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  const history = useContentHistory(id, open);
  const [compared, setCompared] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [news, setNews] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const restore = useRestoreContentVersion();
  const notice = useRef<HTMLDivElement>(null);
  // The restore's outcome takes the focus: the button that started it is gone with the confirmation.
  useEffect(() => {
    if (news) notice.current?.focus();
  }, [news]);

  const restoreVersion = async (commit: string, at: string) => {
    try {
      await restore.mutateAsync({ id, commit });
      const now = await getContentDocument(id);
      onRestored({ document: now.document, version: now.version });
      setNews({ tone: 'success', text: `The version of ${formatTime(at)} is back, saved as a new change.` });
    } catch (error) {
      const reason = isApiError(error) ? error.message : String(error);
      setNews({ tone: 'error', text: `The version was not restored: ${reason} Nothing changed; try again.` });
    }
    setConfirming(null);
  };

  return (
    <section className={styles.history} aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <button type="button" className="button button-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide the history' : 'Show the history'}
      </button>
      {news && (
        <Alert ref={notice} tone={news.tone}>
          {news.text}
        </Alert>
      )}
      {open && history.isPending && <p role="status">Loading the history…</p>}
      {open && history.error && <Alert>The history could not be loaded: {history.error.message}</Alert>}
      {open && history.data && (
        <ol className={styles.versions}>
          {history.data.map((change, index) => (
            <li key={change.commit}>
              <p>
                <strong>{commitSummary(change.message)}</strong>
                <span className={styles.meta}>
                  {change.author}, {formatTime(change.at)}
                  {index === 0 && ' (the saved version)'}
                </span>
              </p>
              <div className={styles.actions}>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-expanded={compared === change.commit}
                  onClick={() => setCompared(compared === change.commit ? null : change.commit)}
                >
                  Compare with now<span className="visually-hidden">: {commitSummary(change.message)}</span>
                </button>
                {writable && index > 0 && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setConfirming(change.commit)}
                  >
                    Restore this version<span className="visually-hidden">: {commitSummary(change.message)}</span>
                  </button>
                )}
              </div>
              {confirming === change.commit && (
                <div className={styles.confirm} role="group" aria-label="Confirm the restore">
                  <p>
                    Restore the version of {formatTime(change.at)} by {change.author}? It becomes a new change; the
                    current version stays in the history. Unsaved changes in the form are replaced.
                  </p>
                  <button
                    type="button"
                    className="button"
                    disabled={restore.isPending}
                    onClick={() => void restoreVersion(change.commit, change.at)}
                  >
                    Yes, restore it
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </div>
              )}
              {compared === change.commit && <Comparison id={id} commit={change.commit} current={current} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
