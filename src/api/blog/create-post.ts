import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPost, BlogPostInput } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';

export function createPost(input: BlogPostInput): Promise<BlogPost> {
  return apiJson<BlogPost>('/api/blogs', { method: 'POST', body: input });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogQueryKey }),
  });
}
