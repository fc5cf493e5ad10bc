import { termSlug } from './term-slug.ts';

/** The longest URL name of an author page: a display name of 100 characters, and room for a number after it. */
export const longestAuthorSlug = 120;

/**
 * Whether the name in an author page's address (/blog/author/{slug}) can be a user's URL name: not empty, its own
 * URL name by the rule of tags (src/domain/term-slug.ts), and no longer than one can be. Both the server and the
 * page refuse other names before reading anything.
 */
export function isAuthorSlug(name: string): boolean {
  return name !== '' && name.length <= longestAuthorSlug && termSlug(name) === name;
}
