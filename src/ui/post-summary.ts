import type { BlogPost } from '@/content/types.gen.ts';

/** The specification: a post without a summary shows the first 120 characters of its text, plus an ellipsis. */
export const fallbackSummaryLength = 120;

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return namedEntities[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * The text of an HTML fragment: tags removed (each counts as a word break, so paragraphs do not run together),
 * entities decoded, white space collapsed. Not a sanitiser: its result is text, rendered as text.
 */
export function plainText(html: string): string {
  const withoutTags = html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' ');
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

export function fallbackSummary(html: string): string {
  const text = plainText(html);
  return `${text.slice(0, fallbackSummaryLength).trimEnd()}…`;
}

/** What a card shows as the summary: the post's own, or the fallback made from its (rendered) content. */
export function postSummary(post: Pick<BlogPost, 'summary' | 'html'>): string {
  const summary = post.summary?.trim();
  return summary ? summary : fallbackSummary(post.html);
}
