import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseTerms } from './post-input.ts';

describe('normaliseTerms', () => {
  it('trims, drops empties and repeats (case-insensitively), keeping the first spelling', () => {
    expect(normaliseTerms([' SEO', 'seo ', '', '  ', 'Local SEO', 'local seo'])).toEqual(['SEO', 'Local SEO']);
  });

  it('always yields trimmed, non-empty, distinct terms, and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 })), (terms) => {
        const result = normaliseTerms(terms);
        expect(result.every((term) => term === term.trim() && term !== '')).toBe(true);
        expect(new Set(result.map((term) => term.toLowerCase())).size).toBe(result.length);
        expect(normaliseTerms(result)).toEqual(result);
      }),
    );
  });
});
