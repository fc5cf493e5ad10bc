import { useCreatePost } from '@/api/blog/create-post.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { PostForm } from './post-form.tsx';
import { emptyPostValues } from './post-form-values.ts';

/** /admin/blog/new */
export function NewPostPage() {
  const creation = useCreatePost();
  return (
    <>
      <PageHeader title="New post" />
      <PostForm
        mode="create"
        initialValues={emptyPostValues}
        draftKey="new"
        save={(input) => creation.mutateAsync(input)}
      />
    </>
  );
}
