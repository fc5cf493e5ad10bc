import { useState } from 'react';
import { useRevisions } from '@/api/blog/list-revisions.ts';
import type { BlogPostRevisionSummary } from '@/content/types.gen.ts';
import type { PostFormValues } from './post-form-values.ts';
import { RevisionView, type RestoredRevision } from './revision-view.tsx';
import { formatTime } from '../ui/dates.ts';
import styles from './history-panel.module.css';
import formStyles from './post-form.module.css';

const kinds: Record<BlogPostRevisionSummary['kind'], string> = {
  created: 'Created',
  published: 'Published',
  scheduled: 'Scheduled',
  edited: 'Edited',
  restored: 'Restored',
  autosaved: 'Autosaved',
};

/** When a version was saved, as the history shows it. */
export const revisionTime = (iso: string) => formatTime(iso);

interface HistoryPanelProps {
  postId: string;
  current: PostFormValues;
  onRestore: (values: PostFormValues, revision: RestoredRevision) => void;
}

/** The post's saved versions, newest first; choosing one shows how it differs from the editor's text. */
export function HistoryPanel({ postId, current, onRestore }: HistoryPanelProps) {
  const { data: revisions, error, isPending } = useRevisions(postId);
  const [chosen, setChosen] = useState<string | null>(null);
  let list;
  if (isPending) list = <p role="status">Loading the history…</p>;
  else if (error) list = <p role="alert">The history could not be loaded: {error.message}</p>;
  else if (revisions.length === 0) list = <p>No saved versions yet.</p>;
  else {
    list = (
      <ol className={styles.list}>
        {revisions.map((revision) => (
          <li key={revision._id}>
            <button
              type="button"
              className={styles.entry}
              aria-pressed={chosen === revision._id}
              onClick={() => setChosen(revision._id)}
            >
              <time dateTime={revision.createdAt}>{revisionTime(revision.createdAt)}</time> · {revision.author} ·{' '}
              {kinds[revision.kind]}
            </button>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section className={`${formStyles.panel} ${styles.history}`} aria-labelledby="history-heading">
      <h2 id="history-heading" className={formStyles.legend}>
        History
      </h2>
      {list}
      {chosen && (
        <RevisionView
          postId={postId}
          revisionId={chosen}
          current={current}
          onRestore={(values, revision) => {
            setChosen(null);
            onRestore(values, revision);
          }}
        />
      )}
    </section>
  );
}
