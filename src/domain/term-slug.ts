/** A tag's or category's name in archive addresses ("Local SEO" → "local-seo"), as the server makes it. */
export function termSlug(term: string): string {
  return term
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The longest tag or category a post may have, as schemas/blog-post.schema.json says (a test holds them equal): the
 * public pages do not download the schema for one number.
 */
export const longestTermName = 60;

/**
 * Whether the name in an archive's address (/blog/tag/{name}) can be a tag's or category's URL name: not empty, its
 * own URL name, and no longer than a tag may be. The server refuses other names with the same rule.
 */
export function isArchiveName(name: string): boolean {
  return name !== '' && name.length <= longestTermName && termSlug(name) === name;
}
