// @vitest-environment node
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

  it('refuses control characters in every text field, allowing tabs and line breaks where the text has lines', () => {
    const control = '\u000b';
    const errors = validatePost(
      toPostInput({
        ...valid,
        title: `Hello${control}`,
        content: `<p>Hi${control}</p>`,
        summary: `Short${control}`,
        tags: `a${control}b`,
        categories: `c${control}d`,
        metaTitle: `Meta${control}`,
        metaDescription: `About${control}`,
        coverImage: `/images/a${control}.png`,
      }),
    );
    expect(errors).toEqual({
      title: 'Use one line of text, without invisible control characters.',
      content: 'Remove the invisible control characters (tabs and line breaks are fine).',
      summary: 'Remove the invisible control characters (tabs and line breaks are fine).',
      tags: 'Use one line of text, without invisible control characters.',
      categories: 'Use one line of text, without invisible control characters.',
      metaTitle: 'Use one line of text, without invisible control characters.',
      metaDescription: 'Remove the invisible control characters (tabs and line breaks are fine).',
      coverImage: expect.stringMatching(/http:\/\/ or https:\/\//),
    });
    expect(
      validatePost(toPostInput({ ...valid, content: '<p>Hi</p>\r\n\t<p>there</p>', summary: 'Two\nlines' })),
    ).toEqual({});
  });
});
