import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../repository-root.ts';
import { termSlug } from '../../src/domain/term-slug.ts';

export type Taxonomy = 'tag' | 'category';

interface TermLimits {
  properties: Record<'tags' | 'categories', { items: { maxLength: number } }>;
}

const postSchema = JSON.parse(
  readFileSync(join(repositoryRoot, 'schemas', 'blog-post.schema.json'), 'utf8'),
) as TermLimits;

/** The longest tag and category a post may have, as schemas/blog-post.schema.json says. */
const longestTerm: Record<Taxonomy, number> = {
  tag: postSchema.properties.tags.items.maxLength,
  category: postSchema.properties.categories.items.maxLength,
};

/**
 * Whether the name in an archive's address (/blog/tag/{name}) can be a tag's or category's URL name: not empty, its
 * own URL name (lower-case letters and digits in words joined by hyphens), and no longer than a tag may be.
 */
export function isArchiveName(taxonomy: Taxonomy, name: string): boolean {
  return name !== '' && name.length <= longestTerm[taxonomy] && termSlug(name) === name;
}
