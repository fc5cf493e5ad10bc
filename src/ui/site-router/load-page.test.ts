// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { loadPage, matchRoute, readyPage, resolveRoute } from './load-page.ts';
import { isRouteErrorResponse } from './route-error.ts';
import type { SiteRoute } from './route.ts';

const request = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init);

describe('matchRoute', () => {
  const routes: SiteRoute[] = [
    { path: '*', element: 'not found' },
    { path: '/blog/:kind', element: 'kind' },
    { path: '/blog/tag', element: 'tags' },
  ];

  it('takes the most specific route, whatever the order', () => {
    expect(matchRoute(routes, '/blog/tag')?.route.element).toBe('tags');
    expect(matchRoute(routes, '/blog/category')?.route).toMatchObject({ element: 'kind' });
    expect(matchRoute(routes, '/blog/category')?.params).toEqual({ kind: 'category' });
    expect(matchRoute(routes, '/elsewhere')?.route.element).toBe('not found');
  });

  it('leaves out * routes when asked for the paths the router knows', () => {
    expect(matchRoute(routes, '/elsewhere', { withSplat: false })).toBeNull();
    expect(matchRoute(routes, '/blog/tag', { withSplat: false })?.route.element).toBe('tags');
  });
});

describe('loadPage', () => {
  it('imports a lazy route once and runs its loader with the params and the request', async () => {
    const loader = vi.fn(({ params, request: given }: { params: object; request: Request }) => ({
      params,
      url: given.url,
    }));
    const lazy = vi.fn(async () => ({ loader, element: 'post' }));
    const routes: SiteRoute[] = [{ path: '/blogs/:slug', lazy }];
    const page = await loadPage(routes, request('/blogs/one?x=1'));
    expect(page).toMatchObject({
      route: { element: 'post' },
      params: { slug: 'one' },
      loaderData: { params: { slug: 'one' }, url: 'http://localhost/blogs/one?x=1' },
      error: null,
      location: { pathname: '/blogs/one', search: '?x=1', hash: '' },
    });
    await loadPage(routes, request('/blogs/two'));
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('keeps a thrown Response as the page’s error, with its status', async () => {
    const routes: SiteRoute[] = [
      {
        path: '*',
        loader: () => {
          throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
        },
      },
    ];
    const { error } = await loadPage(routes, request('/nowhere'));
    expect(isRouteErrorResponse(error) && error.status).toBe(404);
  });

  it('is a 404 when no route matches', async () => {
    const { error, route } = await loadPage([{ path: '/about', element: 'about' }], request('/nowhere'));
    expect(route).toBeNull();
    expect(isRouteErrorResponse(error) && error.statusText).toBe('Not Found');
  });

  it('keeps a failed import as the error, and imports again next time', async () => {
    const lazy = vi
      .fn<() => Promise<{ element: string }>>()
      .mockRejectedValueOnce(new Error('Loading chunk post failed.'))
      .mockResolvedValueOnce({ element: 'post' });
    const routes: SiteRoute[] = [{ path: '/post', lazy }];
    expect((await loadPage(routes, request('/post'))).error).toEqual(new Error('Loading chunk post failed.'));
    expect((await loadPage(routes, request('/post'))).route?.element).toBe('post');
  });

  it('answers a redirect Response with where to go', async () => {
    const routes: SiteRoute[] = [
      { path: '/old', loader: () => new Response(null, { status: 301, headers: { Location: '/new' } }) },
    ];
    expect((await loadPage(routes, request('/old'))).redirect).toEqual({ location: '/new', status: 301 });
  });

  it('throws on when the request was aborted, so a stale navigation renders nothing', async () => {
    const controller = new AbortController();
    const routes: SiteRoute[] = [
      {
        path: '/slow',
        loader: () => {
          controller.abort();
          throw new Error('aborted');
        },
      },
    ];
    await expect(loadPage(routes, request('/slow', { signal: controller.signal }))).rejects.toThrow('aborted');
  });
});

describe('readyPage', () => {
  it('is the page at once for an eager route without a loader, and nothing otherwise', async () => {
    const url = new URL('http://localhost/a');
    expect(readyPage([{ path: '/a', element: 'a' }], url)?.route?.element).toBe('a');
    expect(readyPage([{ path: '/a', element: 'a', loader: () => null }], url)).toBeUndefined();
    const lazy: SiteRoute = { path: '/a', lazy: async () => ({ element: 'a' }) };
    expect(readyPage([lazy], url)).toBeUndefined();
    await resolveRoute(lazy);
    expect(readyPage([lazy], url)?.route?.element).toBe('a');
  });
});
