import { describe, expect, it } from 'vitest';
import { aPost } from '@/api/testing/posts.ts';
import { emptyPostValues, slugFromTitle, splitTerms, toPostInput, valuesFromPost } from './post-form-values.ts';

describe('slugFromTitle', () => {
  it('makes lower-case words joined by hyphens', () => {
    expect(slugFromTitle('  SEO for Business Growth: 2025 Edition! ')).toBe('seo-for-business-growth-2025-edition');
  });

  it('drops accents and spells out ampersands', () => {
    expect(slugFromTitle('Café & Crème')).toBe('cafe-and-creme');
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
