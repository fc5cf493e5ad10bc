import type { QueryClient } from '@tanstack/react-query';
import type { Author, BlogPost, PublicComment } from '@/content/types.gen.ts';
import type { ListPostsParams, PostPage } from './blog/index.ts';

/**
 * What a public page reads of the blog. The browser asks the API for it (the functions beside the query options);
 * the server, rendering a page, calls the same reads its API handlers call, in-process, and gives them to the page's
 * loaders with the request. A read fails as the API would: an ApiError with the status the API would answer.
 */
export interface PageReads {
  listPosts(params: ListPostsParams): Promise<PostPage>;
  postBySlug(slug: string): Promise<BlogPost>;
  postComments(postId: string): Promise<PublicComment[]>;
  author(slug: string): Promise<Author>;
}

/** What the server gives the loaders of a page it renders: its reads, and the query client the render reads from. */
export interface ServerPageScope {
  reads: PageReads;
  queryClient: QueryClient;
}

const serverScopes = new WeakMap<Request, ServerPageScope>();

/**
 * A request for the page at `href` that the server renders: its loaders load into the render's query client with
 * the server's reads. Kept with the request, not in the module, as the server renders several pages at once.
 */
export function serverPageRequest(href: string, scope: ServerPageScope): Request {
  const request = new Request(href);
  serverScopes.set(request, scope);
  return request;
}

/** The server's reads and query client for a request it renders; undefined in the browser, which asks the API. */
export function serverPageScope(request: Request): ServerPageScope | undefined {
  return serverScopes.get(request);
}
