/** A tag's or category's name in archive addresses ("Local SEO" → "local-seo"), as the server makes it. */
export function termSlug(term: string): string {
  return term
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
