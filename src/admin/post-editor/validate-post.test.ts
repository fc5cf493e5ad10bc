import { describe, expect, it } from 'vitest';
import { emptyPostValues, toPostInput } from './post-form-values.ts';
import { validatePost } from './validate-post.ts';

const valid = { ...emptyPostValues, title: 'Hello', slug: 'hello', content: '<p>Hi</p>' };

describe('validatePost (the schema’s rules, precompiled)', () => {
  it('accepts a complete post', () => {
    expect(
      validatePost(toPostInput({ ...valid, coverImage: '/images/a.png', publishedAt: '2025-01-01T10:00' })),
    ).toEqual({});
  });

  it('asks for the title, slug and content', () => {
    expect(validatePost(toPostInput({ ...valid, title: '  ', slug: '', content: '' }))).toEqual({
      title: 'Enter a title.',
      slug: 'Use only lower-case letters and numbers, with single hyphens between words (for example my-first-post).',
      content: 'Enter the content.',
    });
  });

  it('limits the summary to 160 characters', () => {
    expect(validatePost(toPostInput({ ...valid, summary: 'x'.repeat(161) }))).toEqual({
      summary: 'Use at most 160 characters.',
    });
  });

  it('rejects a javascript: cover image and a tag that is too long', () => {
    const errors = validatePost(
      toPostInput({ ...valid, coverImage: 'javascript:alert(1)', tags: 'a, ' + 'x'.repeat(61) }),
    );
    expect(errors.coverImage).toMatch(/http:\/\/ or https:\/\//);
    expect(errors.tags).toBe('Each tag can be at most 60 characters long.');
  });

  it('rejects a date that is no date', () => {
    expect(validatePost(toPostInput({ ...valid, publishedAt: 'soon' }))).toEqual({
      publishedAt: 'Enter a valid date and time.',
    });
  });
});
