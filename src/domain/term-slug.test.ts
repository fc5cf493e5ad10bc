// @vitest-environment node
import { describe, expect, it } from 'vitest';
import postSchema from '../../schemas/blog-post.schema.json';
import { isArchiveName, longestTermName, termSlug } from './term-slug.ts';

describe('archive names', () => {
  it('are as long as the schema lets a tag or category be', () => {
    expect(longestTermName).toBe(postSchema.properties.tags.items.maxLength);
    expect(longestTermName).toBe(postSchema.properties.categories.items.maxLength);
  });

  it('are the URL names tags and categories can have', () => {
    for (const term of ['Local SEO', 'Café Culture', '2026 plans', 'ü'.repeat(60)]) {
      expect(isArchiveName(termSlug(term)), term).toBe(true);
    }
  });

  it.each([
    ['empty', ''],
    ['longer than a tag may be', 'a'.repeat(61)],
    ['spelled as written', 'Local SEO'],
    ['upper case', 'LOCAL-SEO'],
    ['with replacement patterns', "x$`$'$&$1$$"],
    ['with a control character', 'local\u000bseo'],
    ['with a leading hyphen', '-local'],
    ['of two levels', 'local/seo'],
  ])('are never %s', (_case, name) => {
    expect(isArchiveName(name)).toBe(false);
  });
});
