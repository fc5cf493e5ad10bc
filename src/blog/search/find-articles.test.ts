// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { PageDocument } from '@/content/types.gen.ts';
import { maxSearchWords, textWords } from '@/domain/search-words.ts';
import firstThingToDevelop from '../../../content/articles/first-thing-to-develop.json';
import { findArticles } from './find-articles.ts';

function anArticle(route: string, title: string, paragraph: string, imageSrc = `/images${route}.svg`): PageDocument {
  return {
    $schema: '../../schemas/page.schema.json',
    route,
    kind: 'article',
    title,
    description: `An article about ${title.toLowerCase()}.`,
    sections: [
      { type: 'hero', variant: 'article', heading: title, image: { src: imageSrc, alt: '', width: 1200, height: 630 } },
      { type: 'prose', blocks: [{ heading: 'Body', paragraphs: [paragraph] }] },
    ],
  } as PageDocument;
}

// The splitting of texts into words, counted: an article is split once, however many searches read it.
vi.mock('@/domain/search-words.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/domain/search-words.ts')>();
  return { ...original, textWords: vi.fn(original.textWords) };
});

const budgets = anArticle('/budgets', 'Budgets that hold', 'Spreadsheets, forecasts and the quarterly review.');
const branding = anArticle('/branding-notes', 'Notes on branding', 'A brand book people open, and budgets for it.');
const hidden = anArticle('/hidden', 'Plain words', 'Nothing here.', '/images/secretword.svg');

describe('findArticles', () => {
  it('needs every word, and a word finds the words it starts', () => {
    expect(findArticles([budgets, branding], 'forecast quarter').map((card) => card.href)).toEqual(['/budgets']);
    expect(findArticles([budgets, branding], 'forecast brand')).toEqual([]);
    expect(findArticles([budgets, branding], 'BRAND').map((card) => card.href)).toEqual(['/branding-notes']);
  });

  it('puts the articles matching in their title first', () => {
    expect(findArticles([branding, budgets], 'budgets').map((card) => card.href)).toEqual([
      '/budgets',
      '/branding-notes',
    ]);
  });

  it('describes each article as a card linking to its route, with its hero image and the words to mark', () => {
    expect(findArticles([budgets], 'spreadsheets!')).toEqual([
      {
        slug: 'budgets',
        href: '/budgets',
        title: 'Budgets that hold',
        summary: 'An article about budgets that hold.',
        coverImage: '/images/budgets.svg',
        highlight: ['spreadsheets'],
      },
    ]);
  });

  it('searches only what a reader sees, and nothing for a search without words', () => {
    expect(findArticles([hidden], 'secretword')).toEqual([]);
    expect(findArticles([hidden, budgets], 'prose hero')).toEqual([]);
    expect(findArticles([budgets], ' "*" ')).toEqual([]);
  });

  it('reads the whole text of an article, not only as many words as a query may have', () => {
    const filler = Array.from({ length: maxSearchWords * 3 }, (_, index) => `word${index}`).join(' ');
    const long = anArticle('/long', 'A long read', `${filler} kombucha`);
    expect(findArticles([long], 'kombucha').map((card) => card.href)).toEqual(['/long']);
    // The site's own article: its last section's words, far past the first 32, are found too.
    const article = firstThingToDevelop as PageDocument;
    expect(findArticles([article], 'annual event habit').map((card) => card.href)).toEqual(['/first-thing-to-develop']);
  });

  it('splits each article into words once, however many searches read it', () => {
    const split = vi.mocked(textWords);
    const once = anArticle('/once', 'Counted once', 'Quarterly forecasts and their review.');
    const twice = anArticle('/twice', 'Counted twice', 'Forecasts of budgets.');
    split.mockClear();
    for (const query of ['forecast', 'counted review', 'quarterly', 'budgets forecast', 'nothing']) {
      findArticles([once, twice], query);
    }
    // The text and the title of each article, split at its first search and never again.
    const splitTexts = split.mock.calls.map(([text]) => text);
    expect(splitTexts.filter((text) => text.includes('Counted once'))).toHaveLength(2);
    expect(splitTexts.filter((text) => text.includes('Counted twice'))).toHaveLength(2);
    expect(findArticles([once, twice], 'forecast').map((card) => card.href)).toEqual(['/once', '/twice']);
    expect(findArticles([once, twice], 'counted twice').map((card) => card.href)).toEqual(['/twice']);
  });
});
