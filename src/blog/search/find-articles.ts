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
    // The whole text: the cap on a query's words is no cap on the words of what it searches.
    const words = textWords(visibleText([document.title, document.description, document.sections]).join(' ')).map(
      (word) => word.toLowerCase(),
    );
    if (!wanted.every((word) => startsAWord(words, word))) return [];
    const titleWords = textWords(document.title).map((word) => word.toLowerCase());
    const inTitle = wanted.filter((word) => startsAWord(titleWords, word)).length;
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
