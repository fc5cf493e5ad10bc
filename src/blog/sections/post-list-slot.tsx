import { useSearchParams } from 'react-router-dom';
import { PostList } from '@/sections/post-list/post-list.tsx';
import type { SectionProps } from '@/sections/types.ts';
import { useListPosts } from '@/api/list-posts.ts';
import { toPostCardData } from '@/blog/summary/post-card-data.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { useLogFetchError } from './use-log-fetch-error.ts';
import { BlogSearchForm } from './blog-search-form.tsx';
import { searchWords } from '@/domain/search-words.ts';
import { withQueryClient } from '@/api/query-scope.tsx';
import type { BlogSlot } from './blog-slot.ts';

/**
 * The blog listing's published posts, one page at a time, the page taken from the address (?page=2); with ?q=, the
 * posts matching the search, best first, their matching words marked.
 */
export function PostListSlot({ section, site }: SectionProps<'post-list'>) {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const query = (searchParams.get('q') ?? '').trim().slice(0, 200);
  const limit = section.pageSize;
  const { data, error, isPending } = useListPosts({
    limit,
    offset: (page - 1) * limit,
    status: 'published',
    q: query || undefined,
  });
  const words = searchWords(query);
  useLogFetchError(error);

  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / limit));
  let status: string | undefined;
  if (isPending) status = 'Loading posts…';
  else if (error) status = 'The posts could not be loaded. Please try again later.';
  else if (data.posts.length === 0 && query) status = `No posts match “${query}”.`;
  else if (data.posts.length === 0) status = page > 1 ? 'There are no posts on this page.' : 'No posts yet.';

  return (
    <PostList
      section={section}
      site={site}
      posts={data?.posts.map((post) => ({ ...toPostCardData(post), highlight: words }))}
      page={page}
      pageCount={pageCount}
      status={status}
      query={query || undefined}
      toolbar={<BlogSearchForm query={query} total={query && data ? data.total : undefined} />}
    />
  );
}

export const slot: BlogSlot<'post-list'> = { Component: withQueryClient(PostListSlot) };
