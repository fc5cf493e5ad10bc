import { useSearchParams } from 'react-router-dom';
import { PostList } from '@/sections/post-list/post-list.tsx';
import type { SectionProps } from '@/sections/types.ts';
import { useListPosts } from '@/api/list-posts.ts';
import { toPostCardData } from '@/blog/summary/post-card-data.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { useLogFetchError } from './use-log-fetch-error.ts';

/** The blog listing's published posts, one page at a time, the page taken from the address (?page=2). */
export function PostListSlot({ section, site }: SectionProps<'post-list'>) {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const limit = section.pageSize;
  const { data, error, isPending } = useListPosts({ limit, offset: (page - 1) * limit, status: 'published' });
  useLogFetchError(error);

  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / limit));
  let status: string | undefined;
  if (isPending) status = 'Loading posts…';
  else if (error) status = 'The posts could not be loaded. Please try again later.';
  else if (data.posts.length === 0) status = page > 1 ? 'There are no posts on this page.' : 'No posts yet.';

  return (
    <PostList
      section={section}
      site={site}
      posts={data?.posts.map(toPostCardData)}
      page={page}
      pageCount={pageCount}
      status={status}
    />
  );
}
