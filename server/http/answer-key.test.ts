// @vitest-environment node
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerKey, answerKeyOf } from './cached-answers.ts';

/** A request as the cache's reader sees it, for a route that names its parameters per path, counting each asking. */
function routed(url: string, asked: string[]): FastifyRequest {
  const readsQuery = (path: string) => {
    asked.push(path);
    return path === '/blog' ? ['page', 'q'] : [];
  };
  return { url, routeOptions: { config: { readsQuery } } } as unknown as FastifyRequest;
}

describe('answerKey', () => {
  it('keys an address without a query by itself, without asking the route what it reads', () => {
    const asked: string[] = [];
    expect(answerKey(routed('/blog', asked))).toBe('/blog');
    expect(answerKey(routed('/blogs/a-post', asked))).toBe('/blogs/a-post');
    expect(asked).toEqual([]);
  });

  it('keeps only the parameters the page reads, in their declared order, whatever a campaign adds', () => {
    const asked: string[] = [];
    expect(answerKey(routed('/blogs/a-post?utm_source=mail&fbclid=x1', asked))).toBe('/blogs/a-post');
    expect(answerKey(routed('/blog?utm_campaign=autumn&q=local+seo&gclid=x2&page=2', asked))).toBe(
      '/blog?page=2&q=local+seo',
    );
    expect(asked).toEqual(['/blogs/a-post', '/blog']);
  });

  it('keeps the whole address for a route that declares nothing (the API)', () => {
    const request = { url: '/api/blogs?limit=10&x=1', routeOptions: { config: {} } } as unknown as FastifyRequest;
    expect(answerKey(request)).toBe('/api/blogs?limit=10&x=1');
  });
});

describe('answerKeyOf', () => {
  it('leaves out empty values, and keys a page that reads nothing by its path', () => {
    expect(answerKeyOf('/blog?q=&page=3', ['page', 'q'])).toBe('/blog?page=3');
    expect(answerKeyOf('/seo?gclid=abc', [])).toBe('/seo');
  });
});
