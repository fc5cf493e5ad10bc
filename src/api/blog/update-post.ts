import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost, BlogPostInput, PostSaveQuery } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';

export interface UpdatePostVariables {
  id: string;
  /** Carries the updatedAt the editor read, so that the server refuses (409) to overwrite a newer edit. */
  input: BlogPostInput;
  /** Why it is saved (the revision records it): save by default, autosave for drafts, restore with the revision. */
  query?: PostSaveQuery;
}

export function updatePost({ id, input, query = {} }: UpdatePostVariables): Promise<BlogPost> {
  const params = new URLSearchParams();
  if (query.reason && query.reason !== 'save') params.set('reason', query.reason);
  if (query.revision) params.set('revision', query.revision);
  const search = params.size > 0 ? `?${params}` : '';
  return apiJson<BlogPost>(`/api/blogs/${encodeURIComponent(id)}${search}`, { method: 'PUT', body: input });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogQueryKey }),
  });
}
