// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { maxSearchWords, searchWords } from './search-words.ts';

describe('searchWords', () => {
  it('reads letters and digits only, every other character separating words', () => {
    expect(searchWords('"kombucha" NEAR(brand*) -café 2026')).toEqual(['kombucha', 'NEAR', 'brand', 'café', '2026']);
  });

  it('keeps the first 32 words of a long query, as the server searches them', () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`);
    expect(searchWords(words.join(' '))).toEqual(words.slice(0, maxSearchWords));
    expect(maxSearchWords).toBe(32);
  });
});
