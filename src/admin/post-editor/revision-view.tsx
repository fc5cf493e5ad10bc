import { useRevision } from '@/api/get-revision.ts';
import { valuesFromPost, type PostFormValues } from './post-form-values.ts';
import { changedFields, WordDiff } from './revision-diff.tsx';

interface RevisionViewProps {
  postId: string;
  revisionId: string;
  current: PostFormValues;
  onRestore: (values: PostFormValues, revisionId: string) => void;
}

/** One saved version, read-only: what differs from the form as it is now, and a way to bring it back. */
export function RevisionView({ postId, revisionId, current, onRestore }: RevisionViewProps) {
  const { data: revision, error, isPending } = useRevision(postId, revisionId);
  if (isPending) return <p role="status">Loading this version…</p>;
  if (error) return <p role="alert">This version could not be loaded: {error.message}</p>;
  const chosen = valuesFromPost(revision.post);
  const changed = changedFields(current, chosen);
  return (
    <section aria-labelledby="revision-heading">
      <h3 id="revision-heading">“{revision.title}”</h3>
      {changed.length === 0 ? (
        <p>This version is the same as the text in the editor.</p>
      ) : (
        <>
          <p id="revision-changed">Fields that differ from the editor: {changed.join(', ')}.</p>
          <h4>Content, from the editor’s text to this version</h4>
          <WordDiff current={current} chosen={chosen} />
          <button
            type="button"
            className="button"
            aria-describedby="revision-changed"
            onClick={() => onRestore(chosen, revision._id)}
          >
            Restore this version
          </button>
        </>
      )}
    </section>
  );
}
