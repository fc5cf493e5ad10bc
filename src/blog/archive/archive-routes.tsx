import type { LoaderFunctionArgs } from '@/ui/site-router/route.ts';
import { authorQueryOptions } from '@/api/blog/get-author.ts';
import { loaderScope } from '@/api/query-scope.tsx';
import { isAuthorSlug } from '@/domain/author-slug.ts';
import { isArchiveName } from '@/domain/term-slug.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import {
  ArchivePage,
  AuthorArchivePage,
  archivePostsQueryOptions,
  missingPosts,
  type Taxonomy,
} from './archive-page.tsx';

const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

const pageOf = (request: Request) => pageFromSearch(new URL(request.url).searchParams.get('page'));

/**
 * A tag's or category's archive: an address whose name no tag or category can have is not found before anything is
 * fetched for it; otherwise the page's posts are loaded before it renders.
 */
function termArchiveLoader(taxonomy: Taxonomy) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<null> => {
    const name = params.name ?? '';
    if (!isArchiveName(name)) throw notFound();
    const { queryClient, reads } = loaderScope(request);
    const posts = archivePostsQueryOptions({ [taxonomy]: name }, pageOf(request), missingPosts[taxonomy], reads);
    await queryClient.prefetchQuery(posts);
    return null;
  };
}

/** The same for an author page's address, a name no user can have; otherwise the author and their posts. */
async function authorLoader({ params, request }: LoaderFunctionArgs): Promise<null> {
  const slug = params.name ?? '';
  if (!isAuthorSlug(slug)) throw notFound();
  const { queryClient, reads } = loaderScope(request);
  const posts = archivePostsQueryOptions({ author: slug }, pageOf(request), missingPosts.author, reads);
  await Promise.all([queryClient.prefetchQuery(authorQueryOptions(slug, reads)), queryClient.prefetchQuery(posts)]);
  return null;
}

export const archiveLoaders = {
  tag: termArchiveLoader('tag'),
  category: termArchiveLoader('category'),
  author: authorLoader,
};

export function TagArchive() {
  return <ArchivePage taxonomy="tag" />;
}

export function CategoryArchive() {
  return <ArchivePage taxonomy="category" />;
}

export function AuthorArchive() {
  return <AuthorArchivePage />;
}
