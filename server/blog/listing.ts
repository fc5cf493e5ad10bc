import { jsonAnswer, type Answer } from '../http/answer.ts';
import { listPostPage, type PostFilter } from './post-store.ts';
import type { BlogListQuery, BlogPost } from '../../src/content/types.gen.ts';
import type { BlogContext } from './blog-context.ts';
import { toPostJson } from './post.ts';
import { adminReadHeaders, publicReadHeaders } from './read-headers.ts';

/** The query of GET /api/blogs after validation, which fills in limit and offset from their defaults. */
export type ListQuery = BlogListQuery & Required<Pick<BlogListQuery, 'limit' | 'offset'>>;

function searchFilter(query: ListQuery): PostFilter {
  const text = query.q?.trim();
  return { tag: query.tag, category: query.category, author: query.author, text: text === '' ? undefined : text };
}

function pageLink(query: ListQuery, offset: number, rel: string): string {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(offset) });
  for (const name of ['tag', 'category', 'author', 'q', 'status'] as const) {
    const value = query[name];
    if (value !== undefined) params.set(name, value);
  }
  return `</api/blogs?${params}>; rel="${rel}"`;
}

function paginationHeaders(query: ListQuery, total: number): Record<string, string> {
  const links: string[] = [];
  if (query.offset + query.limit < total) links.push(pageLink(query, query.offset + query.limit, 'next'));
  if (query.offset > 0) links.push(pageLink(query, Math.max(0, query.offset - query.limit), 'prev'));
  return links.length > 0
    ? { 'x-total-count': String(total), link: links.join(', ') }
    : { 'x-total-count': String(total) };
}

/** One page of posts as the API sends them, and how many pass the filter in all. */
export interface PostPage {
  posts: BlogPost[];
  total: number;
}

async function postPage(blog: BlogContext, query: ListQuery, filter: PostFilter): Promise<PostPage> {
  const { posts, total } = await listPostPage(blog.db, filter, { limit: query.limit, offset: query.offset });
  return { posts: posts.map(toPostJson), total };
}

function listingAnswer(query: ListQuery, page: PostPage, headers: Record<string, string>): Answer {
  return jsonAnswer(page.posts, { ...headers, ...paginationHeaders(query, page.total) });
}

/** Published posts whose time has come, newest first: what a visitor's list and the pages that show posts read. */
export function publicPostPage(blog: BlogContext, query: ListQuery): Promise<PostPage> {
  return postPage(blog, query, { ...searchFilter(query), visibleAt: blog.clock().toISOString() });
}

export async function publicListing(blog: BlogContext, query: ListQuery): Promise<Answer> {
  return listingAnswer(query, await publicPostPage(blog, query), publicReadHeaders);
}

/** What an admin's status filter means: published is what readers see now, scheduled what they will see later. */
function adminStatusFilter(status: ListQuery['status'], now: string): PostFilter {
  if (status === 'published') return { visibleAt: now };
  if (status === 'scheduled') return { status: 'published', publishedAfter: now };
  return { status: status === 'all' ? undefined : status };
}

/** Every post, or those of one status, for a signed-in admin. */
export async function adminListing(blog: BlogContext, query: ListQuery): Promise<Answer> {
  const filter = { ...searchFilter(query), ...adminStatusFilter(query.status, blog.clock().toISOString()) };
  return listingAnswer(query, await postPage(blog, query, filter), adminReadHeaders);
}
