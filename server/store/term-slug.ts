/** A tag's or category's name in URLs: lower-case letters and digits in words joined by hyphens ("Local SEO" → "local-seo"). */
export function termSlug(term: string): string {
  return term
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
