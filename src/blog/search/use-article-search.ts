import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentRoutes } from 'virtual:content-routes';
import { searchWords } from '@/domain/search-words.ts';
import { findArticles } from './find-articles.ts';

/** The site's own articles (content/articles), which the blog features beside the posts of the database. */
const articleRoutes = contentRoutes.filter((route) => route.alias === -1 && route.chunk.startsWith('articles/'));

async function searchArticles(query: string) {
  // The server renders every /blog with this query; without a word to look for, no document needs loading.
  if (searchWords(query).length === 0) return [];
  const documents = await Promise.all(articleRoutes.map(async (route) => (await route.load()).default));
  return findArticles(documents, query);
}

/**
 * The articles matching a search. A query like any other: the server renders its result into the page and the
 * browser reuses it, loading the articles' documents only for a search it runs itself.
 */
export function articleSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['article-search', query],
    queryFn: () => searchArticles(query),
    enabled: query !== '',
    staleTime: Infinity,
  });
}

export function useArticleSearch(query: string) {
  return useQuery(articleSearchQueryOptions(query));
}
