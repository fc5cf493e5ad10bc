import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';

export function submitForReview(id: string): Promise<BlogPost> {
  return apiJson<BlogPost>(`/api/blogs/${encodeURIComponent(id)}/review`, { method: 'POST' });
}

export function useSubmitForReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitForReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogQueryKey }),
  });
}
