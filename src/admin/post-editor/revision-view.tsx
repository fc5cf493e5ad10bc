import { useRevision } from '@/api/blog/get-revision.ts';
import type { BlogPostRevision } from '@/content/types.gen.ts';
import { valuesFromPost, type PostFormValues } from './post-form-values.ts';
import { withRestoredWriting } from './restored-writing.ts';
import { changedFields, WordDiff } from './revision-diff.tsx';

export type RestoredRevision = Pick<BlogPostRevision, '_id' | 'createdAt' | 'author'>;

interface RevisionViewProps {
  postId: string;
  revisionId: string;
  current: PostFormValues;
  onRestore: (values: PostFormValues, revision: RestoredRevision) => void;
}

/** One saved version, read-only: what differs from the form as it is now, and a way to bring it back. */
export function RevisionView({ postId, revisionId, current, onRestore }: RevisionViewProps) {
  const { data: revision, error, isPending } = useRevision(postId, revisionId);
  if (isPending) return <p role="status">Loading this version…</p>;
  if (error) return <p role="alert">This version could not be loaded: {error.message}</p>;
  // Only the writing comes back, so only the writing is compared.
  const chosen = withRestoredWriting(current, valuesFromPost(revision.post));
  const changed = changedFields(current, chosen);
  return (
    <section aria-labelledby="revision-heading">
      <h3 id="revision-heading">“{revision.title}”</h3>
      {changed.length === 0 ? (
        <p>This version is the same as the text in the editor.</p>
      ) : (
        <>
          <p id="revision-changed">
            Fields that differ from the editor: {changed.join(', ')}. Restoring brings back the writing; the status,
            publication date and slug stay as they are.
          </p>
          <h4>Content, from the editor’s text to this version</h4>
          <WordDiff current={current} chosen={chosen} />
          <button
            type="button"
            className="button"
            aria-describedby="revision-changed"
            onClick={() => onRestore(chosen, revision)}
          >
            Restore this version
          </button>
        </>
      )}
    </section>
  );
}
