import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost, BlogPostInput } from '@/content/types.gen.ts';
import { apiJson } from './api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';

export interface UpdatePostVariables {
  id: string;
  /** Carries the updatedAt the editor read, so that the server refuses (409) to overwrite a newer edit. */
  input: BlogPostInput;
}

export function updatePost({ id, input }: UpdatePostVariables): Promise<BlogPost> {
  return apiJson<BlogPost>(`/api/blogs/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogQueryKey }),
  });
}
