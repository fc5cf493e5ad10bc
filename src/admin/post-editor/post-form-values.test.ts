// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aPost } from '@/api/testing/posts.ts';
import postSchema from '../../../schemas/blog-post.schema.json';
import { emptyPostValues, slugFromTitle, splitTerms, toPostInput, valuesFromPost } from './post-form-values.ts';

describe('slugFromTitle', () => {
  it('makes lower-case words joined by hyphens', () => {
    expect(slugFromTitle('  SEO for Business Growth: 2025 Edition! ')).toBe('seo-for-business-growth-2025-edition');
  });

  it('drops accents and spells out ampersands', () => {
    expect(slugFromTitle('Café & Crème')).toBe('cafe-and-creme');
  });

  it('cuts a long title between words, within the slug limit of the schema', () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`);
    const slug = slugFromTitle(words.join(' '));
    expect(slug.length).toBeLessThanOrEqual(postSchema.properties.slug.maxLength);
    expect(slug.length).toBeGreaterThan(postSchema.properties.slug.maxLength - 'word39-'.length);
    expect(words.join('-').startsWith(`${slug}-`)).toBe(true);
    expect(slug).toMatch(new RegExp(postSchema.properties.slug.pattern));
  });

  it('cuts one word longer than a slug may be at the limit', () => {
    expect(slugFromTitle('a'.repeat(300))).toBe('a'.repeat(postSchema.properties.slug.maxLength));
  });
});

describe('splitTerms', () => {
  it('splits on commas, trims and drops empty items', () => {
    expect(splitTerms(' seo, ads ,, growth ,')).toEqual(['seo', 'ads', 'growth']);
  });
});

describe('toPostInput', () => {
  it('sends tags and categories as trimmed lists, and the date as an instant', () => {
    const values = {
      ...emptyPostValues,
      title: 'Hello',
      slug: 'hello',
      content: '<p>Hi</p>',
      tags: 'a, b',
      categories: ' News ',
      publishedAt: '2025-03-05T10:30',
    };
    expect(toPostInput(values)).toMatchObject({
      tags: ['a', 'b'],
      categories: ['News'],
      publishedAt: new Date('2025-03-05T10:30').toISOString(),
      status: 'draft',
    });
  });

  it('sends no date as null and adds the version the editor read', () => {
    const input = toPostInput({ ...emptyPostValues, title: 't' }, '2025-01-01T00:00:00.000Z');
    expect(input.publishedAt).toBeNull();
    expect(input.updatedAt).toBe('2025-01-01T00:00:00.000Z');
  });
});

describe('valuesFromPost', () => {
  it('turns lists back into comma-separated text and nulls into empty fields', () => {
    const values = valuesFromPost(aPost({ tags: ['seo', 'growth'], summary: null, coverImage: null }));
    expect(values).toMatchObject({ tags: 'seo, growth', summary: '', coverImage: '' });
  });
});
