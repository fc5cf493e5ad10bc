import { isPublicAt, isScheduledAt } from '@/domain/post-visibility.ts';
import type { BlogPost } from '@/content/types.gen.ts';

export interface TermCount {
  term: string;
  count: number;
}

export interface PostStats {
  total: number;
  byStatus: Record<BlogPost['status'], number>;
  /** The published post that went out most recently (scheduled ones not yet), or null. */
  latestPublication: BlogPost | null;
  /** Published posts whose time has not come yet. */
  scheduled: number;
  topTags: TermCount[];
  topCategories: TermCount[];
}

/** Most used first, ties in alphabetical order; spelled as first met, counted case-insensitively like the API. */
function topTerms(lists: string[][], limit: number): TermCount[] {
  const counts = new Map<string, TermCount>();
  for (const term of lists.flat()) {
    const key = term.toLowerCase();
    const entry = counts.get(key) ?? { term, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.term.localeCompare(b.term)).slice(0, limit);
}

const publishedTime = (post: BlogPost) => Date.parse(post.publishedAt ?? '');

export function postStats(posts: BlogPost[], now: Date, topLimit = 5): PostStats {
  const byStatus = { draft: 0, published: 0, archived: 0 };
  let latestPublication: BlogPost | null = null;
  let scheduled = 0;
  for (const post of posts) {
    byStatus[post.status] += 1;
    if (isScheduledAt(post, now)) scheduled += 1;
    else if (isPublicAt(post, now) && !(latestPublication && publishedTime(post) <= publishedTime(latestPublication))) {
      latestPublication = post;
    }
  }
  return {
    total: posts.length,
    byStatus,
    latestPublication,
    scheduled,
    topTags: topTerms(
      posts.map((post) => post.tags),
      topLimit,
    ),
    topCategories: topTerms(
      posts.map((post) => post.categories),
      topLimit,
    ),
  };
}
