import type { BlogListQuery, BlogPost } from '@/content/types.gen.ts';
import { apiRequest } from '../api-client.ts';

// The request alone, apart from its query options: the home page's loader uses it without the data-fetching library.
export interface ListPostsParams {
  limit: number;
  offset?: number;
  /** Visitors may ask only for published posts; signed-in admins for any status, `scheduled`, or `all`. */
  status?: BlogListQuery['status'];
  q?: string;
  /** A tag or category by its name or its URL name (`local-seo`). */
  tag?: string;
  category?: string;
  /** An author by the URL name of their page (`asha-rao`). */
  author?: string;
}

/** One page of posts, newest first, and how many posts match in all. */
export interface PostPage {
  posts: BlogPost[];
  total: number;
}

export async function listPosts(params: ListPostsParams, signal?: AbortSignal): Promise<PostPage> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const { data, headers } = await apiRequest<BlogPost[]>(`/api/blogs?${search}`, { signal });
  const total = Number(headers.get('x-total-count'));
  return { posts: data, total: Number.isInteger(total) && total >= data.length ? total : data.length };
}
