import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@/api/api-client.ts';
import { usePostById } from '@/api/blog/get-post-by-id.ts';
import { useUpdatePost } from '@/api/blog/update-post.ts';
import { missingPostPermission } from '@/domain/post-change.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useAdminSession } from '../session/admin-session.ts';
import { PostForm } from './post-form.tsx';
import { valuesFromPost } from './post-form-values.ts';
import { NewsletterPanel } from './newsletter-panel.tsx';
import { ReadOnlyPost } from './read-only-post.tsx';

/** /admin/blog/edit/{id}: the post as stored, in the editor, saved with the version it was read at. */
export function EditPostPage() {
  const { id = '' } = useParams();
  const { data: post, error, isPending, refetch } = usePostById(id);
  const update = useUpdatePost();
  const initialValues = useMemo(() => (post ? valuesFromPost(post) : null), [post]);
  // A new editor only when the admin asks for the latest version: a background refetch must not wipe their text.
  const [generation, setGeneration] = useState(0);
  const { user } = useAdminSession();
  // The server's own rule: a post the role cannot change is shown to read, with the reason.
  const missing = post ? missingPostPermission({ id: user._id, role: user.role }, post) : null;

  let body;
  if (post && missing) {
    body = <ReadOnlyPost post={post} missing={missing} />;
  } else if (post && initialValues) {
    // A failed background refetch keeps the editor: the post it holds is still the one being edited.
    body = (
      <PostForm
        key={generation}
        mode="edit"
        initialValues={initialValues}
        updatedAt={post.updatedAt}
        draftKey={`edit:${post._id}`}
        postId={post._id}
        save={(input, query) => update.mutateAsync({ id: post._id, input, query })}
        onLoadLatest={() => void refetch().then(() => setGeneration((count) => count + 1))}
        reviewRequestedAt={post.reviewRequestedAt}
        signature={{ id: post.authorId ?? null, name: post.author }}
        publishing={<NewsletterPanel post={post} />}
      />
    );
  } else if (isPending) {
    body = <p role="status">Loading the post…</p>;
  } else if (isApiError(error, 404)) {
    body = (
      <Alert>
        <p>There is no post with this address. It may have been deleted.</p>
        <Link to="/admin">Back to the dashboard</Link>
      </Alert>
    );
  } else {
    body = (
      <Alert>
        <p>The post could not be loaded: {error?.message}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title={post && missing ? 'Read post' : 'Edit post'} />
      {body}
    </>
  );
}
