import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';
import { listPostsKey, type PostPage } from './list-posts.ts';

export function deletePost(id: string): Promise<void> {
  return apiJson<void>(`/api/blogs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_result, id) => {
      // The card goes at once; the refetch then fills the page from the next one.
      queryClient.setQueriesData<PostPage>({ queryKey: listPostsKey }, (page) =>
        page ? { posts: page.posts.filter((post) => post._id !== id), total: Math.max(0, page.total - 1) } : page,
      );
      return queryClient.invalidateQueries({ queryKey: blogQueryKey });
    },
  });
}
