import type { PageDocument } from '@/content/types.gen.ts';
import type { PostCardData } from '@/sections/post-card/post-card.tsx';
import { searchWords, textWords } from '@/domain/search-words.ts';

/** Fields of a document that hold no words a reader sees. */
const notText = new Set(['$schema', 'type', 'variant', 'src', 'href', 'route', 'width', 'height', 'date', 'tone']);

function visibleText(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) visibleText(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!notText.has(key)) visibleText(item, into);
  }
  return into;
}

function startsAWord(words: readonly string[], wanted: string): boolean {
  return words.some((word) => word.startsWith(wanted));
}

/** An article's words, lower case, each once: the whole text's and the title's. */
interface ArticleWords {
  text: readonly string[];
  title: readonly string[];
}

const lowerWords = (text: string) => [...new Set(textWords(text).map((word) => word.toLowerCase()))];

/**
 * Each article's words, split once per document: a build's documents are loaded once and searched by every search
 * after, which would otherwise split each of them again.
 */
const wordsOf = new WeakMap<PageDocument, ArticleWords>();

function articleWords(document: PageDocument): ArticleWords {
  let words = wordsOf.get(document);
  if (words === undefined) {
    // The whole text: the cap on a query's words is no cap on the words of what it searches.
    const text = lowerWords(visibleText([document.title, document.description, document.sections]).join(' '));
    words = { text, title: lowerWords(document.title) };
    wordsOf.set(document, words);
  }
  return words;
}

function heroImage(document: PageDocument): string | undefined {
  const hero = document.sections[0];
  return hero && 'image' in hero && hero.image && 'src' in hero.image ? hero.image.src : undefined;
}

/**
 * The articles whose title, description or text hold every searched word (a word matches the words it starts, as
 * the blog's search finds "branding" for "brand"), those matching in the title first.
 */
export function findArticles(documents: readonly PageDocument[], query: string): PostCardData[] {
  const wanted = searchWords(query).map((word) => word.toLowerCase());
  if (wanted.length === 0) return [];
  const found = documents.flatMap((document) => {
    const words = articleWords(document);
    if (!wanted.every((word) => startsAWord(words.text, word))) return [];
    const inTitle = wanted.filter((word) => startsAWord(words.title, word)).length;
    return [{ document, inTitle }];
  });
  return found
    .sort((a, b) => b.inTitle - a.inTitle)
    .map(({ document }) => ({
      slug: document.route.slice(1),
      href: document.route,
      title: document.title,
      summary: document.description,
      coverImage: heroImage(document),
      highlight: searchWords(query),
    }));
}
