import type { BlogPost } from '@/content/types.gen.ts';
import { plainText } from './plain-text.ts';

/** The specification: a post without a summary shows the first 120 characters of its text, plus an ellipsis. */
export const fallbackSummaryLength = 120;

export function fallbackSummary(html: string): string {
  const text = plainText(html);
  return `${text.slice(0, fallbackSummaryLength).trimEnd()}…`;
}

/** What a card shows as the summary: the post's own, or the fallback made from its (rendered) content. */
export function postSummary(post: Pick<BlogPost, 'summary' | 'html'>): string {
  const summary = post.summary?.trim();
  return summary ? summary : fallbackSummary(post.html);
}
