import { useSearchParams } from '@/ui/site-router/hooks.ts';
import { PostList } from '@/sections/post-list/post-list.tsx';
import type { SectionProps } from '@/sections/types.ts';
import { listPostsQueryOptions, useListPosts } from '@/api/blog/list-posts.ts';
import type { ListPostsParams } from '@/api/blog/list-posts-request.ts';
import { loaderScope } from '@/api/query-scope.tsx';
import type { LoaderFunctionArgs } from '@/ui/site-router/route.ts';
import type { SectionOf } from '@/sections/types.ts';
import { toPostCardData } from '@/blog/summary/post-card-data.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { useLogFetchError } from './use-log-fetch-error.ts';
import { BlogSearchForm } from './blog-search-form.tsx';
import { searchWords } from '@/domain/search-words.ts';
import { withQueryClient } from '@/api/query-scope.tsx';
import { articleSearchQueryOptions, useArticleSearch } from '@/blog/search/use-article-search.ts';
import { SearchResultsHeading } from '@/blog/search/search-results-heading.tsx';
import type { BlogSlot } from './blog-slot.ts';

/** What the listing shows for the address's query: its page (?page=2) and its search (?q=), the posts to ask for. */
function listingOf(section: SectionOf<'post-list'>, searchParams: URLSearchParams) {
  const page = pageFromSearch(searchParams.get('page'));
  const query = (searchParams.get('q') ?? '').trim().slice(0, 200);
  const limit = section.pageSize;
  const params: ListPostsParams = {
    limit,
    offset: (page - 1) * limit,
    status: 'published',
    q: query || undefined,
  };
  return { page, query, limit, params };
}

/** Loads the listing's posts, and the articles matching a search, before the page renders. */
function postListLoader(section: SectionOf<'post-list'>) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const { query, params } = listingOf(section, new URL(request.url).searchParams);
    const { queryClient, reads } = loaderScope(request);
    await Promise.all([
      queryClient.prefetchQuery(listPostsQueryOptions(params, reads)),
      query && queryClient.prefetchQuery(articleSearchQueryOptions(query)),
    ]);
    return null;
  };
}

/**
 * The blog listing's published posts, one page at a time, the page taken from the address (?page=2); with ?q=, the
 * posts matching the search, best first, their matching words marked, after the site's own articles that match
 * (on the first page).
 */
export function PostListSlot({ section, site }: SectionProps<'post-list'>) {
  const [searchParams] = useSearchParams();
  const { page, query, limit, params } = listingOf(section, searchParams);
  const { data, error, isPending } = useListPosts(params);
  const articles = useArticleSearch(query);
  const words = searchWords(query);
  useLogFetchError(error ?? articles.error);
  const articleCards = page === 1 ? (articles.data ?? []) : [];
  const posts = data && [...articleCards, ...data.posts.map((post) => ({ ...toPostCardData(post), highlight: words }))];
  const total = query && data && articles.data ? data.total + articles.data.length : undefined;

  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / limit));
  let status: string | undefined;
  if (isPending) status = 'Loading posts…';
  else if (error) status = 'The posts could not be loaded. Please try again later.';
  else if (posts?.length === 0 && query) status = 'Try fewer or other words, or show all posts.';
  else if (posts?.length === 0) status = page > 1 ? 'There are no posts on this page.' : 'No posts yet.';

  return (
    <PostList
      section={section}
      site={site}
      posts={posts}
      page={page}
      pageCount={pageCount}
      status={status}
      query={query || undefined}
      toolbar={
        <>
          <BlogSearchForm query={query} />
          {query && <SearchResultsHeading query={query} total={total} />}
        </>
      }
    />
  );
}

export const slot: BlogSlot<'post-list'> = { Component: withQueryClient(PostListSlot), loader: postListLoader };
